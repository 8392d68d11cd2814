import { defineModel } from '../schema.ts';

/**
 * net-ftp (the standard library's FTP client, a bundled gem since Ruby 3.1): the host a session
 * connects to, and the remote and local file names it transfers or names in raw FTP commands.
 * Method names such as `get`, `put` and `delete` are shared with many libraries, so a session's
 * methods count only in files that require 'net/ftp'.
 */
export default defineModel({
  name: 'net-ftp',
  language: 'ruby',
  description: 'Net::FTP sessions: connecting, transferring files, raw commands',
  sinks: [
    { call: ['Net.FTP.{new,open}', '*.connect'], class: 'ssrf', label: 'Net::FTP', imports: 'net/ftp' },
    {
      call: '*.{get,getbinaryfile,gettextfile,put,putbinaryfile,puttextfile,delete,rename,chdir,mkdir,rmdir,size,mtime,nlst,list}',
      arg: [0, 1],
      class: 'path-traversal',
      label: 'a Net::FTP transfer',
      imports: 'net/ftp',
    },
    // Raw commands (`retrbinary("RETR #{name}", 4096)`): what they carry is a remote file name.
    { call: '*.{sendcmd,voidcmd,storlines,storbinary,retrlines,retrbinary}', class: 'path-traversal', label: 'a raw FTP command', imports: 'net/ftp' },
  ],
});
