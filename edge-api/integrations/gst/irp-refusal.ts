/** A refusal by NIC's IRP (Status 0 with its error codes), or by the e-way bill system (EwbRefusal, ewb.ts). */
export type IrpErrorDetail = { code: string; message: string };

export class IrpRefusal extends Error {
  constructor(readonly errors: IrpErrorDetail[]) {
    super(`IRP refused: ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`.slice(0, 1000));
    this.name = 'IrpRefusal';
  }
  has(code: string): boolean {
    return this.errors.some((e) => e.code === code);
  }
}
