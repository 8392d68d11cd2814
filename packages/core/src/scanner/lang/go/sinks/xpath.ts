import type { SinkCheck } from '../../../models/compile.ts';
import { importsPath } from '../util.ts';

/** Named checks of the XPath sinks (model go/xpath). */
export const xpathChecks: Readonly<Record<string, SinkCheck>> = {
  /** The file imports antchfx xmlquery or htmlquery. */
  'imports-xmlquery': (call) => importsPath(call.node, 'github.com/antchfx/xmlquery') || importsPath(call.node, 'github.com/antchfx/htmlquery'),
  /** The file imports beevik/etree. */
  'imports-etree': (call) => importsPath(call.node, 'github.com/beevik/etree'),
};
