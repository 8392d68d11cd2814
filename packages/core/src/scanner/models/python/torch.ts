import { defineModel } from '../schema.ts';

/** PyTorch: `torch.load` unpickles arbitrary objects unless `weights_only=True`. */
export default defineModel({
  name: 'torch',
  language: 'python',
  sinks: [{ call: 'torch.load', arg: 0, keyword: 'f', class: 'unsafe-deserialization', where: 'torch-unsafe', audit: true }],
});
