/** The console's shared pieces, for every section (docs/merchant.md, "Console"). */
export { ApiError, consoleApi, errorMessage, API_MESSAGES } from './api';
export { useFetch, type Fetched, type FetchState } from './useFetch';
export { usePaged, type KeysetPage } from './usePaged';
export { FetchStatus, Loaded, LOADED_MESSAGES, type FetchOutcome } from './Loaded';
export { LinkTargetFields } from './LinkTargetFields';
export { ConfirmModal, useConfirm, type ConfirmOptions } from './ConfirmModal';
export { SaveStatus, useSave, SAVE_MESSAGES, type SaveState } from './SaveStatus';
export { FieldError, describedBy } from './FieldError';
export { Field, savedFieldError, type FieldControlProps } from './Field';
export { DataTable, type Column, type SortDirection } from './DataTable';
export { Breadcrumbs, type Crumb } from './Breadcrumbs';
export { StatusLabel, type StatusTone } from './StatusLabel';
export { Link } from './Link';
export { moneyInput, moneyText, parseMoneyInput } from './money';
export { PicturesEditor, PICTURE_MESSAGES, type PicturesEditorProps, type PickedImage } from './PicturesEditor';
export { NamesInput } from './NamesInput';
export { DialogActions } from './DialogActions';
export { SearchToolbar } from './SearchToolbar';
