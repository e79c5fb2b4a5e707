// English: what only main says (its menus and dialogs, the shop's and the stores' failures, the IPC
// edge's refusals, the CSV columns, the record file's checks), kept out of the window's catalog.
import { contextMenu } from './context-menu';
import { csvColumns } from './csv-columns';
import { errors } from './errors';
import { jobFileCheck } from './job-file-check';
import { jobVerify } from './job-verify';
import { recordRoles } from './record-roles';
import { mainApp } from './main-app';
import { mainRestore } from './main-restore';
import { mainShop } from './main-shop';
import { mainStores } from './main-stores';
import { networkFile } from './network-file';
import { shopIt } from './shop-it';
import { deskMain } from './desk-main';
import { mainAuthors } from './main-authors';

export const EN_MAIN_ONLY_SECTIONS = {
  contextMenu,
  csvColumns,
  errors,
  jobFileCheck,
  jobVerify,
  recordRoles,
  mainApp,
  mainRestore,
  mainShop,
  mainStores,
  networkFile,
  shopIt,
  deskMain,
  mainAuthors,
};

export const enMainOnly = {
  ...contextMenu,
  ...csvColumns,
  ...errors,
  ...jobFileCheck,
  ...jobVerify,
  ...recordRoles,
  ...mainApp,
  ...mainRestore,
  ...mainShop,
  ...mainStores,
  ...networkFile,
  ...shopIt,
  ...deskMain,
  ...mainAuthors,
};
