/** How the exports go out: an .xlsx as a download (server/http/download.ts). */
import { downloadResponse } from '../../http/download.js';

export const fileResponse = downloadResponse('the .xlsx file (Content-Disposition: attachment)');
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
