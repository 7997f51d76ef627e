// The approval form's state: the missing and damaged counts and the proof photo
// of each line, their messages as they are typed (the rule the server applies),
// and the approval itself, queued for sync with its photos kept on the device.
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { checkReturnLine, type FloorOrderDoc, type ReturnType as ReturnKind } from '../../../domain/floor';
import { keepPhoto, photoProblem } from '../floor/PhotoPicker';
import type { FloorSync } from '../../local-db/engine';
import type { ReturnLine } from './useReturnModel';

export interface LineState {
  missing: number | string;
  damaged: number | string;
  photo: File | null;
  photoError: string | null;
}

export function useReturnApprovalForm({ sync, order, returnType, lines, onDone }: { sync: FloorSync; order: FloorOrderDoc; returnType: ReturnKind; lines: ReturnLine[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Record<string, LineState>>(() => Object.fromEntries(lines.map((l) => [l.wsin, { missing: 0, damaged: 0, photo: null, photoError: null }])));
  const [saving, setSaving] = useState(false);
  const set = (wsin: string, patch: Partial<LineState>) => setState((s) => ({ ...s, [wsin]: { ...s[wsin], ...patch } }));
  // The line's own message as the counts are typed (the same rule the server applies): each count
  // from 0 to the line's units, and missing + damaged together no more than its units.
  const errors = useMemo(() => {
    const found: Record<string, string> = {};
    for (const line of lines) {
      const s = state[line.wsin];
      const problem = checkReturnLine({ wsin: line.wsin, missingQuantity: Number(s.missing), damageQuantity: Number(s.damaged) }, line.max);
      if (problem) found[line.wsin] = problem;
    }
    return found;
  }, [lines, state]);
  const blocked = Object.keys(errors).length > 0;

  const pickPhoto = (wsin: string, file: File | undefined) => {
    if (!file) return;
    // Said once, beside the photo buttons (not a toast as well).
    const problem = photoProblem(file);
    set(wsin, problem ? { photo: null, photoError: problem } : { photo: file, photoError: null });
  };

  const approve = async () => {
    if (blocked) return;
    setSaving(true);
    try {
      const items = [];
      for (const line of lines) {
        const s = state[line.wsin];
        const imageKey = s.photo ? await keepPhoto(sync, s.photo, order.companyId, `${line.wsin}.jpg`) : undefined;
        items.push({ wsin: line.wsin, sku: line.sku, missingQuantity: Number(s.missing), damageQuantity: Number(s.damaged), ...(imageKey ? { imageKey } : {}) });
      }
      const seq = await sync.engine.enqueue('return.approve', { orderId: order.id, returnType, items });
      if (navigator.onLine && (await sync.engine.sync())) {
        const refused = sync.engine.getStatus().rejected.find((r) => r.seq === seq);
        if (refused) {
          notifications.show({ color: 'red', title: 'Error', message: refused.reason });
          return;
        }
        notifications.show({ color: 'green', title: 'Success', message: `${returnType} approved` });
        // The orders list and slider read the server: reload what they show (part 1 §8).
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['return-info', order.id] });
      } else {
        notifications.show({ color: 'blue', title: `${returnType} approval saved`, message: 'Saved on this device. It is sent when the network is back.' });
      }
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return { state, errors, blocked, saving, set, pickPhoto, approve };
}

export type ReturnApprovalForm = ReturnType<typeof useReturnApprovalForm>;
