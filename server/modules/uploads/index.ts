/** What other modules and the app may use of uploads. */
export { uploadRoutes } from './routes.js';
export {
  PUBLIC_PICTURES,
  documentFilePath,
  knownDocumentFiles,
  knownPublicPictures,
  ownsUploads,
  saveDocumentFile,
  savePublicPicture,
  saveUpload,
} from './service.js';
