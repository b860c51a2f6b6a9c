export { default } from './base.js';
