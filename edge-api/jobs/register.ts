// Imports every module that registers a job handler (registerJob), so the worker knows them all.
import './exports';
import './orders-bulk';
import '../services/admin/exports';
import './bulk-upload';
import '../services/auth/email-verification';
export {};
