/** What other modules and the app may use of uploads. */
export { uploadRoutes } from './routes.js';
export {
  PUBLIC_PICTURES,
  knownDocumentFiles,
  knownPublicPictures,
  ownsUploads,
  readDocumentFile,
  saveDocumentFile,
  savePublicPicture,
  saveUpload,
} from './service.js';
export { copyFolderIntoDatabase, uploadStore, type UploadStore } from './storage.js';
