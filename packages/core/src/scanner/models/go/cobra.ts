import { defineModel } from '../schema.ts';

/** cobra and pflag: command-line flags and arguments are local input (a `Run: func(cmd, args []string)` is recognised in code). */
export default defineModel({
  name: 'cobra',
  language: 'go',
  description: 'github.com/spf13/cobra, github.com/spf13/pflag',
  sources: [
    {
      call: ['pflag.{String,StringP,Arg,Args,StringSlice}', '*.Flags().{GetString,GetStringSlice,GetStringArray,Arg,Args}', '*.PersistentFlags().{GetString,GetStringSlice}'],
      kind: 'local',
    },
    { call: ['pflag.StringVar', 'pflag.StringVarP', '*.Flags().StringVar', '*.Flags().StringVarP', '*.PersistentFlags().StringVar'], into: 0, kind: 'local' },
  ],
});
