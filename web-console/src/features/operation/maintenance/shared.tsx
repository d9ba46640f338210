import '../i18n';

export { entered, orNone } from '../shared/cells';
