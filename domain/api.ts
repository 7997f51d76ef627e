/** The error body every API refusal carries (ARCHITECTURE.md, API conventions). */
export type ApiError = {
  status: false;
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
};

export const NOT_FOUND = 'Not found';
export const SERVER_ERROR = 'Something went wrong!';
