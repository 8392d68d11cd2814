import type { RuleSpec } from '../../rule.ts';
import anthropic from './anthropic.ts';
import aws from './aws.ts';
import azure from './azure.ts';
import configPassword from './config-password.ts';
import connectionString from './connection-string.ts';
import genericHighEntropy from './generic-high-entropy.ts';
import github from './github.ts';
import gitlab from './gitlab.ts';
import google from './google.ts';
import grafana from './grafana.ts';
import jwt from './jwt.ts';
import npm from './npm.ts';
import openai from './openai.ts';
import privateKey from './private-key.ts';
import pypi from './pypi.ts';
import secscan from './secscan.ts';
import sendgrid from './sendgrid.ts';
import slack from './slack.ts';
import stripe from './stripe.ts';
import tokenFormats from './token-formats.ts';
import twilio from './twilio.ts';

/** Secret detectors (every language, and `generic` text), sorted by id. */
export const secretsRules: readonly RuleSpec[] = [
  anthropic,
  aws,
  azure,
  configPassword,
  connectionString,
  genericHighEntropy,
  github,
  gitlab,
  google,
  grafana,
  jwt,
  npm,
  openai,
  privateKey,
  pypi,
  secscan,
  sendgrid,
  slack,
  stripe,
  tokenFormats,
  twilio,
];
