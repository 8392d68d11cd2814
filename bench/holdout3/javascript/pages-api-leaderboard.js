// pages/api/leaderboard/[...action].js — Next.js API route for the arena game backend
import crypto from 'crypto';
import mysql from 'mysql2/promise';
import { serialize } from 'cookie';

const pool = mysql.createPool({
  host: process.env.ARENA_DB_HOST,
  user: process.env.ARENA_DB_USER,
  password: process.env.ARENA_DB_PASSWORD,
  database: 'arena',
  connectionLimit: 10,
});

const SORTABLE_COLUMNS = { score: 'score', wins: 'wins', updated: 'updated_at' };
const REPLAY_KEY = Buffer.from(process.env.REPLAY_KEY_HEX || '', 'hex');

// ---------------------------------------------------------------------------
// Data access
// ---------------------------------------------------------------------------

async function topPlayers(season, sortKey, limit) {
  const column = SORTABLE_COLUMNS[sortKey] || 'score';
  const safeLimit = Math.min(Math.max(parseInt(limit, 10) || 25, 1), 100);
  const [rows] = await pool.query(
    `SELECT player_id, display_name, ${column} AS metric FROM leaderboard WHERE season = ? ORDER BY ${column} DESC LIMIT ${safeLimit}`,
    [season]
  );
  return rows;
}

async function playersByRegion(region, season) {
  const sql = `SELECT player_id, display_name, score FROM leaderboard WHERE region = '${region}' AND season = ?`;
  // expect: CWE-89
  const [rows] = await pool.query(sql, [season]);
  return rows;
}

async function findAccount(username) {
  const [rows] = await pool.execute('SELECT id, username, password_hash FROM accounts WHERE username = ?', [username]);
  return rows[0];
}

async function createAccount(username, password) {
  // expect: CWE-328
  const passwordHash = crypto.createHash('md5').update(password).digest('hex');
  await pool.execute('INSERT INTO accounts (username, password_hash) VALUES (?, ?)', [username, passwordHash]);
}

// ---------------------------------------------------------------------------
// Game logic helpers
// ---------------------------------------------------------------------------

function computeBonus(formula, stats) {
  const { kills, assists, deaths, objectives } = stats;
  // expect: CWE-95
  return eval(formula);
}

function matchSeed() {
  return Math.floor(Math.random() * 1e9);
}

function replayCacheKey(matchId, version) {
  return crypto.createHash('sha1').update(`${matchId}:${version}`).digest('hex');
}

function sealReplay(replayJson) {
  // expect: CWE-327
  const cipher = crypto.createCipheriv('aes-256-ecb', REPLAY_KEY, null);
  return Buffer.concat([cipher.update(replayJson, 'utf8'), cipher.final()]).toString('base64');
}

function sealReplayV2(replayJson) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', REPLAY_KEY, iv);
  const data = Buffer.concat([cipher.update(replayJson, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

// ---------------------------------------------------------------------------
// Handler
// ---------------------------------------------------------------------------

export default async function handler(req, res) {
  const [action] = req.query.action || [];

  try {
    switch (action) {
      case 'top': {
        const rows = await topPlayers(req.query.season, req.query.sort, req.query.limit);
        return res.status(200).json(rows);
      }
      case 'region': {
        const rows = await playersByRegion(req.query.region, req.query.season);
        return res.status(200).json(rows);
      }
      case 'signup': {
        const { username, password } = req.body;
        if (await findAccount(username)) return res.status(409).json({ error: 'taken' });
        await createAccount(username, password);
        return res.status(201).json({ ok: true });
      }
      case 'bonus': {
        const total = computeBonus(req.body.formula, req.body.stats || {});
        return res.status(200).json({ total });
      }
      case 'match': {
        return res.status(200).json({ seed: matchSeed() });
      }
      case 'replay': {
        const sealed = req.query.v === '2' ? sealReplayV2(JSON.stringify(req.body)) : sealReplay(JSON.stringify(req.body));
        res.setHeader('ETag', replayCacheKey(req.body.matchId, req.query.v || '1'));
        return res.status(200).json({ sealed });
      }
      case 'spectate': {
        const spectatorToken = crypto.randomBytes(18).toString('base64url');
        // expect: CWE-614
        res.setHeader('Set-Cookie', `arena_spectator=${spectatorToken}; Path=/; HttpOnly; SameSite=Lax`);
        return res.status(204).end();
      }
      case 'session': {
        const sessionToken = crypto.randomBytes(32).toString('base64url');
        res.setHeader(
          'Set-Cookie',
          serialize('arena_session', sessionToken, { httpOnly: true, secure: true, sameSite: 'strict', path: '/' })
        );
        return res.status(204).end();
      }
      default:
        return res.status(404).json({ error: 'unknown_action' });
    }
  } catch (err) {
    console.error('leaderboard handler failed', err);
    return res.status(500).json({ error: 'internal_error' });
  }
}
