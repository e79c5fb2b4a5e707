import { mount } from 'svelte';
import { loadCatalog } from '../../electron/shared/i18n/catalogs';
import Root from './Root.svelte';
import './styles/global.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks #app');
// English is a file of its own (the start bundle carries no catalog): loaded before the first paint,
// so no key is ever shown bare. German, when spoken, follows as main says (display-language).
void loadCatalog('en').then(() => mount(Root, { target }));
