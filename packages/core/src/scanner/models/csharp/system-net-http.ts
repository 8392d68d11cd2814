import { defineModel } from '../schema.ts';

/** System.Net: HttpClient, WebClient and WebRequest send a request to the address they are given. */
export default defineModel({
  name: 'system-net-http',
  language: 'csharp',
  sinks: [
    {
      call: [
        '*.{GetAsync,GetStringAsync,GetStreamAsync,GetByteArrayAsync,PostAsync,PutAsync,PatchAsync,DeleteAsync,GetFromJsonAsync,PostAsJsonAsync,PutAsJsonAsync,PatchAsJsonAsync,DeleteFromJsonAsync}',
        '*.{OpenRead,OpenWrite,OpenReadAsync}',
      ],
      arg: 0,
      keyword: 'requestUri',
      class: 'ssrf',
      where: 'http-client',
    },
    {
      call: [
        '*.{DownloadString,DownloadData,DownloadFile,DownloadStringTaskAsync,DownloadDataTaskAsync,DownloadFileTaskAsync,DownloadStringAsync,DownloadDataAsync,DownloadFileAsync}',
        '*.{UploadString,UploadData,UploadValues,UploadFile,UploadStringTaskAsync,UploadDataTaskAsync,UploadValuesTaskAsync,UploadFileTaskAsync,OpenReadTaskAsync}',
      ],
      arg: 0,
      keyword: 'address',
      class: 'ssrf',
    },
    { call: '**.HttpRequestMessage', arg: 1, keyword: ['RequestUri', 'requestUri'], class: 'ssrf' },
    { call: '**.{WebRequest,HttpWebRequest,FtpWebRequest}.{Create,CreateHttp,CreateDefault}', class: 'ssrf' },
  ],
  assignments: [{ target: ['*.BaseAddress', '*.RequestUri'], class: 'ssrf' }],
});
