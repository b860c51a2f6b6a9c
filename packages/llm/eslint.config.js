export { default } from '@svc/eslint-config/base';
