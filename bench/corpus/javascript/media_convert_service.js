/**
 * Media conversion endpoints: transcoding, thumbnails and repository imports
 * for the course-authoring tool.
 */
const express = require('express');
const { exec, execFile, execSync, spawn } = require('child_process');
const path = require('path');
const util = require('util');

const execFileAsync = util.promisify(execFile);
const router = express.Router();

const MEDIA_DIR = path.resolve(process.env.MEDIA_DIR || '/var/media');
const PRESETS = {
  '720p': ['-vf', 'scale=-2:720', '-b:v', '2500k'],
  '1080p': ['-vf', 'scale=-2:1080', '-b:v', '5000k'],
};

function mediaPath(name) {
  return path.join(MEDIA_DIR, path.basename(name));
}

function thumbnailCommand(input, seconds, size) {
  return 'ffmpeg -y -ss ' + seconds + ' -i "' + input + '" -frames:v 1 -s ' + size + ' "' + input + '.jpg"';
}

router.post('/thumbnail', (req, res) => {
  const { file, at = '00:00:02', size = '320x180' } = req.body;
  const cmd = thumbnailCommand(mediaPath(file), at, size);
  // expect: CWE-78
  exec(cmd, { timeout: 20000 }, (err) => {
    if (err) return res.status(500).json({ error: 'thumbnail failed' });
    res.json({ thumbnail: path.basename(file) + '.jpg' });
  });
});

router.post('/transcode', async (req, res) => {
  const { file, preset } = req.body;
  const args = PRESETS[preset];
  if (!args) return res.status(400).json({ error: 'unknown preset' });
  const input = mediaPath(file);
  const output = input.replace(/\.[^.]+$/, '') + `-${preset}.mp4`;
  try {
    await execFileAsync('ffmpeg', ['-y', '-i', input, ...args, output], { timeout: 10 * 60 * 1000 });
    res.json({ output: path.basename(output) });
  } catch (err) {
    res.status(500).json({ error: 'transcode failed' });
  }
});

router.get('/probe', (req, res) => {
  const file = req.query.file;
  // expect: CWE-78
  const out = execSync(`ffprobe -v quiet -print_format json -show_format ${path.join(MEDIA_DIR, file)}`);
  res.type('json').send(out);
});

router.get('/metadata', async (req, res) => {
  try {
    const { stdout } = await execFileAsync('ffprobe', [
      '-v', 'quiet', '-print_format', 'json', '-show_format', mediaPath(String(req.query.file)),
    ]);
    res.type('json').send(stdout);
  } catch (err) {
    res.status(404).json({ error: 'not found' });
  }
});

router.post('/import-repo', (req, res) => {
  const repoUrl = req.body.repository;
  const dest = path.join(MEDIA_DIR, 'repos', String(Date.now()));
  // expect: CWE-78
  const child = spawn('git clone --depth 1 ' + repoUrl + ' ' + dest, { shell: true });
  child.on('close', (code) => {
    res.status(code === 0 ? 201 : 500).json({ dest: path.basename(dest), code });
  });
});

router.post('/import-repo-v2', (req, res) => {
  const repoUrl = String(req.body.repository || '');
  if (!/^https:\/\/(github\.com|gitlab\.com)\/[\w.-]+\/[\w.-]+(\.git)?$/.test(repoUrl)) {
    return res.status(400).json({ error: 'unsupported repository url' });
  }
  const dest = path.join(MEDIA_DIR, 'repos', String(Date.now()));
  const child = spawn('git', ['clone', '--depth', '1', '--', repoUrl, dest]);
  child.on('close', (code) => res.status(code === 0 ? 201 : 500).json({ code }));
});

router.post('/waveform', (req, res) => {
  const color = req.body.color || '#3366ff';
  const input = mediaPath(req.body.file);
  const opts = { cwd: MEDIA_DIR, timeout: 30000 };
  // expect: CWE-78
  exec(`audiowaveform -i "${input}" -o "${input}.png" --waveform-color ${color}`, opts, (err) => {
    res.status(err ? 500 : 200).json({ ok: !err });
  });
});

router.get('/disk-usage', (req, res) => {
  exec('df -h /var/media', (err, stdout) => {
    if (err) return res.status(500).end();
    res.type('text').send(stdout);
  });
});

module.exports = router;
