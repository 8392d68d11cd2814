import { defineModel } from '../schema.ts';

/** Electron: the main process's IPC handlers get arguments chosen by renderer (web) content. */
export default defineModel({
  name: 'electron',
  language: ['javascript', 'typescript'],
  description: 'ipcMain handle/on listeners: every argument after the event is remote input.',
  handlers: [
    {
      registration: ['ipcMain.{handle,handleOnce,on,once}', '*.ipcMain.{handle,handleOnce,on,once}'],
      parameters: [1, 2, 3, 4, 5, 6, 7, 8],
      kind: 'remote',
    },
  ],
});
