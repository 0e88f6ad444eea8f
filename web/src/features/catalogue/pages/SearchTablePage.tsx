export { SearchTablePage as default } from './SearchPage';
