import { defineModel } from '../schema.ts';

/** Click and Typer (built on it): command functions get their parameters from the command line, prompts from the terminal. */
export default defineModel({
  name: 'click',
  language: 'python',
  sources: [{ path: '{click,typer}.prompt()', kind: 'local' }],
  handlers: [
    {
      decorator: ['*.command', '{option,argument}', '{click,typer,*app,*cli}.{option,argument,group}', '*.{*app,*cli}.{option,argument,group}'],
      kind: 'local',
    },
  ],
});
