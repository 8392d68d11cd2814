import { defineModel } from '../schema.ts';

/** Core Ruby and its standard library: processes, code evaluation, files, serialisation, sockets, Net::HTTP, REXML, escaping. */
export default defineModel({
  name: 'stdlib',
  language: 'ruby',
  description:
    'Ruby core and standard library (Kernel, Process, Open3, PTY, File, IO, Dir, FileUtils, Pathname, Marshal, Psych/YAML, JSON, ERB, Regexp, Net::HTTP, open-uri, REXML, socket, CGI, Shellwords, OptionParser, RubyGems tar reader)',
  sources: [
    { path: ['ARGV', 'ARGF', '$*', '$<'], kind: 'local' },
    { path: 'ENV', kind: 'environment' },
    { path: ['gets', 'gets()', 'STDIN', '$stdin', 'Kernel.gets()', 'Readline.readline()', 'readline', 'readline()', 'readlines', 'readlines()'], kind: 'local' },
    // Raw sockets: what a peer sends.
    { path: '{client,socket,sock,conn,connection,session,peer}.{gets,recv,recvfrom,recvmsg,read,readline,readpartial,recv_nonblock,read_nonblock,each_line}()', kind: 'remote' },
  ],
  handlers: [
    // OptionParser: `opts.on('-f FILE') { |v| … }` receives the command-line value.
    { registration: '**.{on,on_tail,on_head}', kind: 'local' },
    // `Gem::Package::TarReader.new(io) do |tar|`: entry names are chosen by whoever made the archive (Zip Slip).
    { registration: 'Gem.Package.TarReader.{open,foreach,new,open_buffer}', parameters: [0], kind: 'remote' },
  ],
  sinks: [
    // Commands: one string runs through /bin/sh, an argument vector does not (the check tells them apart).
    {
      call: [
        '{system,exec,spawn}',
        'Kernel.{system,exec,spawn}',
        'Process.{spawn,exec}',
        'IO.popen',
        'PTY.spawn',
        'Open3.{capture2,capture2e,capture3,popen2,popen2e,popen3,pipeline,pipeline_r,pipeline_rw,pipeline_w,pipeline_start}',
      ],
      arg: 'all',
      class: 'command-injection',
      where: 'shell-command',
    },
    { call: '`', class: 'command-injection', label: 'a backtick (`…` / %x()) command' },
    { call: ['open', 'Kernel.open'], class: 'command-injection', where: 'open-pipe', label: 'Kernel#open', audit: true },
    // Code evaluation.
    {
      call: [
        'eval',
        'Kernel.eval',
        '*.instance_eval',
        'instance_eval',
        '*.class_eval',
        'class_eval',
        '*.module_eval',
        'module_eval',
        '*.class_exec',
        'binding.eval',
        '*.binding.eval',
        'TOPLEVEL_BINDING.eval',
        'RubyVM.InstructionSequence.{compile,new,compile_option}',
        'Ripper.sexp',
      ],
      class: 'code-injection',
      audit: true,
    },
    { call: '*.eval', class: 'code-injection', where: 'binding-receiver' },
    // Reflection: a class or method chosen by name.
    { call: ['**.const_get', '**.qualified_const_get', '**.const_source_location'], class: 'unsafe-reflection' },
    // `name.to_sym.to_proc`: a proc that calls the method the name chose on whatever it is given.
    { call: '**.to_sym().to_proc', receiver: true, class: 'unsafe-reflection', label: 'Symbol#to_proc' },
    {
      call: [
        '**.send',
        '**.__send__',
        '**.public_send',
        '**.try',
        '**.try!',
        '**.method',
        '**.public_method',
        '**.instance_method',
        '**.instance_variable_get',
        '**.instance_variable_set',
      ],
      class: 'unsafe-reflection',
      where: 'dynamic-dispatch',
    },
    // Files.
    {
      call: [
        'File.{read,open,new,readlines,binread,write,binwrite,foreach,delete,unlink,readlink,truncate,chmod,chown,lchmod,lchown,utime,mkfifo,lines,each_line,copy_stream,realpath}',
        'IO.{read,readlines,binread,write,binwrite,foreach,sysopen,copy_stream}',
        'Dir.{glob,[],entries,children,each_child,foreach,mkdir,rmdir,delete,unlink,open,new,chdir,chroot,empty?}',
        'PStore.new',
        'YAML.{load_file,safe_load_file,unsafe_load_file}',
        'Psych.{load_file,safe_load_file}',
        'JSON.load_file',
        'CSV.{read,open,foreach,readlines,table}',
        'Kernel.load',
        'Tempfile.open',
        'ERB.new().result_file',
        'Pathname.new().{read,binread,write,binwrite,open,readlines,delete,unlink,rmtree,each_line,children,entries,opendir,mkpath,rename}',
        // The same operations called on File's relatives by class: code written against one of them
        // (and the shims and refinements that add File's methods to the others) names them alike.
        '{Dir,IO,PStore,Pathname}.{open,new,read,readlines,binread,write,foreach,delete,unlink,chdir,chroot,chmod,chown,lchmod,lchown,truncate}',
        'File.{chdir,chroot}',
        'Kernel.{readlines,chdir,chroot,delete,unlink,lchmod,lchown}',
      ],
      class: 'path-traversal',
    },
    { call: ['open', 'Kernel.open'], class: 'path-traversal', where: 'file-open', label: 'Kernel#open' },
    {
      call: [
        'File.{rename,symlink,link}',
        'FileUtils.{rm,rm_r,rm_rf,rm_f,rmtree,remove,remove_file,remove_dir,remove_entry,remove_entry_secure,cp,cp_r,copy,copy_file,copy_entry,mv,move,ln,ln_s,ln_sf,link,symlink,mkdir,mkdir_p,makedirs,mkpath,rmdir,touch,chmod,chmod_R,chown,chown_R,install,compare_file,identical?,uptodate?}',
      ],
      arg: [0, 1],
      class: 'path-traversal',
      where: 'not-archive-directory',
    },
    // Serialisation that instantiates arbitrary classes.
    {
      call: ['Marshal.{load,restore}', 'YAML.{unsafe_load,unsafe_load_stream}', 'Psych.{unsafe_load,unsafe_load_stream}', 'YAML.Store.new', 'JSON.{load,restore}', 'CSV.load'],
      class: 'unsafe-deserialization',
    },
    { call: ['YAML.{load,load_stream,load_documents}', 'Psych.{load,load_stream}'], class: 'unsafe-deserialization', where: 'yaml-unsafe-load' },
    // Templates and patterns built from text.
    { call: 'ERB.new', class: 'template-injection' },
    { call: ['Regexp.{new,compile}', 'regexp_literal'], class: 'regex-injection', label: 'Regexp' },
    // Outgoing requests.
    {
      call: ['Net.HTTP.{get,get_response,get_print,post,post_form,start,put,patch,delete}', 'URI.open', 'OpenURI.open_uri'],
      arg: 0,
      keyword: ['url', 'base_url'],
      class: 'ssrf',
      where: 'any-host',
    },
    { call: 'Net.HTTP.new', class: 'ssrf', where: 'net-http-object' },
    // A request object built from a whole URI (`Net::HTTP::Get.new(uri)`) carries its host to `http.request`.
    { call: 'Net.HTTP.{Get,Post,Put,Patch,Delete,Head,Options}.new', class: 'ssrf', where: 'any-host', label: 'a Net::HTTP request built from a URI' },
    {
      call: '*.{request,get,post,put,patch,delete,head,start,request_get,request_post,request_head,get2,post2,send_request,get_response}',
      receiver: true,
      class: 'ssrf',
      where: 'net-http-request',
      label: 'a Net::HTTP request',
    },
    { call: ['URI.parse().{open,read}', 'URI().{open,read}', 'Kernel.URI().{open,read}'], receiver: true, class: 'ssrf', where: 'any-host' },
    // Programs that fetch the URL they are given (curl, wget, wkhtmltopdf…), run without a shell.
    {
      call: ['system', 'spawn', 'exec', 'Kernel.{system,spawn,exec}', 'Process.spawn', 'Open3.{capture2,capture2e,capture3,popen2,popen2e,popen3}', 'IO.popen', 'PTY.spawn'],
      arg: 'all',
      class: 'ssrf',
      where: 'url-fetcher-argv',
      label: 'a URL-fetching program',
    },
    // REXML XPath queries: the expression (and the path argument of first/match/each).
    { call: 'REXML.XPath.{first,match,each}', arg: [0, 1], class: 'xpath-injection' },
  ],
  sanitizers: [
    // Numbers, dates, ids, digests and sizes carry no text an attacker chose.
    {
      call: [
        'Integer',
        'Float',
        'Rational',
        'Complex',
        'BigDecimal',
        'Kernel.{Integer,Float}',
        '{to_i,to_f,to_d,to_r,to_c,to_int,to_date,to_datetime,to_time,abs,round,floor,ceil,ord,hash,object_id,length,size,bytesize}',
        '*.{to_i,to_f,to_d,to_r,to_c,to_int,to_date,to_datetime,to_time}',
        '*.id',
        '*.abs',
        '*.round',
        '*.floor',
        '*.ceil',
        '{Date,DateTime,Time}.{parse,strptime,iso8601,at,new}',
        'SecureRandom.*',
        '*.length',
        '*.size',
        '*.count',
        'IPAddr.new',
      ],
      class: 'all',
    },
    { call: ['Shellwords.{escape,shellescape,join,shelljoin}', 'shellescape', 'shelljoin'], class: 'command-injection' },
    { call: ['ERB.Util.{html_escape,h,html_escape_once,json_escape}', 'CGI.{escapeHTML,escape_html,escapeElement}'], class: ['xss', 'xpath-injection'] },
    // URL encoding: safe in markup, shell words, headers, paths, LDAP filters and log lines.
    {
      call: ['CGI.escape', 'ERB.Util.url_encode', 'url_encode', 'URI.encode_www_form_component', 'URI.encode_www_form', 'URI.encode_uri_component'],
      class: ['xss', 'xpath-injection', 'command-injection', 'header-injection', 'path-traversal', 'ldap-injection', 'log-injection'],
    },
    { call: ['File.basename', '*.basename'], class: 'path-traversal' },
    // `Marshal.load(Marshal.dump(obj))`, the deep-copy idiom: bytes this process just wrote.
    { call: 'Marshal.dump', class: 'unsafe-deserialization' },
    // The path and query of a URI (`uri.request_uri`) cannot choose the host a request goes to.
    { call: ['*.request_uri', '*.path'], class: 'ssrf' },
    // A symbol names a column, method or template chosen from the code's own set.
    { call: 'to_sym', class: ['sql-injection', 'template-injection'] },
    { call: 'Regexp.{escape,quote,union}', class: 'regex-injection' },
    { call: ['*.inspect', '*.dump'], class: ['log-injection', 'header-injection'] },
  ],
});
