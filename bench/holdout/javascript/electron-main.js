// Main process for the "FieldKit" desktop app used by technicians to
// configure on-site IoT gateways.
const { app, BrowserWindow, ipcMain, shell, dialog } = require('electron');
const path = require('path');
const fs = require('fs/promises');
const { exec, execFile } = require('child_process');
const https = require('https');

const LOG_DIR = path.join(app.getPath('userData'), 'logs');
const DOCS_HOSTS = new Set(['docs.fieldkit.example', 'support.fieldkit.example']);

if (process.env.FIELDKIT_LAB_MODE === '1') {
  // lab gateways ship with self-signed certificates
  // expect: CWE-295
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}

let mainWindow;

function createWindow() {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      preload: path.join(__dirname, 'preload.js'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  mainWindow.loadFile(path.join(__dirname, 'renderer', 'index.html'));
}

ipcMain.handle('net:ping', async (_event, host) => {
  return new Promise((resolve) => {
    // expect: CWE-78
    exec(`ping -c 3 -W 2 ${host}`, { timeout: 10000 }, (err, stdout, stderr) => {
      resolve({ ok: !err, output: stdout || stderr });
    });
  });
});

ipcMain.handle('net:traceroute', async (_event, host) => {
  if (typeof host !== 'string' || !/^[a-zA-Z0-9.-]{1,253}$/.test(host)) {
    return { ok: false, output: 'invalid host' };
  }
  return new Promise((resolve) => {
    execFile('traceroute', ['-m', '15', host], { timeout: 30000 }, (err, stdout) => {
      resolve({ ok: !err, output: stdout });
    });
  });
});

ipcMain.handle('logs:read', async (_event, logName) => {
  const file = path.join(LOG_DIR, logName);
  // expect: CWE-22
  const text = await fs.readFile(file, 'utf8');
  return text.split('\n').slice(-500).join('\n');
});

ipcMain.handle('logs:list', async () => {
  const entries = await fs.readdir(LOG_DIR, { withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.log')).map((e) => e.name);
});

ipcMain.handle('config:import', async () => {
  const { canceled, filePaths } = await dialog.showOpenDialog(mainWindow, {
    properties: ['openFile'],
    filters: [{ name: 'Gateway config', extensions: ['json'] }],
  });
  if (canceled || !filePaths.length) return null;
  const raw = await fs.readFile(filePaths[0], 'utf8');
  return JSON.parse(raw);
});

ipcMain.handle('docs:open', async (_event, url) => {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || !DOCS_HOSTS.has(parsed.hostname)) {
    return false;
  }
  await shell.openExternal(parsed.toString());
  return true;
});

ipcMain.handle('gateway:status', async (_event, gatewayIp) => {
  return new Promise((resolve, reject) => {
    https
      .get({ host: gatewayIp, path: '/api/status', timeout: 5000 }, (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve(JSON.parse(data)));
      })
      .on('error', reject);
  });
});

app.whenReady().then(async () => {
  await fs.mkdir(LOG_DIR, { recursive: true });
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
