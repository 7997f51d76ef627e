/** Downloads for the orders and invoices pages: hook, menu, and the e-mail flow for big requests. */
export { useDownloads, type Downloads } from './useDownloads';
export { DownloadActions, type DownloadActionsProps } from './DownloadActions';
export { EmailRequestForm, type EmailRequestFormProps } from './EmailRequestForm';
export { watchExportJob } from './watchExportJob';
export { requestDownload, saveBlob } from './files';
