import { defineModel } from '../schema.ts';

/**
 * The Java platform: java.lang (environment, processes, reflection), java.io / java.nio.file
 * (paths), java.net and java.net.http (outgoing requests, sockets), javax.script, javax.naming
 * (JNDI, LDAP directories), javax.xml.xpath; and the conversions that leave no text.
 */
export default defineModel({
  name: 'jdk',
  language: 'java',
  sources: [
    { call: 'System.getenv', kind: 'environment' },
    { call: ['System.getProperty', 'System.console'], kind: 'local' },
    { path: 'System.in', kind: 'local' },
    // A server socket's clients, and sockets the code reads from.
    { call: ['{socket,clientSocket,sock,client,connectionSocket}.getInputStream', '*.accept().getInputStream', 'Socket().getInputStream'], kind: 'remote' },
    // The body of a response from a server this code connected to.
    { call: '*.openConnection', kind: 'local' },
    // File contents (a properties file read with `load` passes on what it read).
    {
      call: ['FileInputStream', 'FileReader', 'RandomAccessFile', 'Files.{newBufferedReader,newInputStream,readAllLines,readAllBytes,readString,lines}'],
      kind: 'file',
    },
  ],
  sinks: [
    // Processes
    { call: '*.exec', class: 'command-injection', where: 'runtime-exec' },
    { call: ['ProcessBuilder', '*.command'], arg: 'all', class: 'command-injection', where: 'process-builder' },
    { call: ['*', 'this.*'], arg: 'all', class: 'command-injection', where: 'command-wrapper', label: 'a command helper of this file' },
    // A method that runs the command (or loads the native library) it was given (low confidence).
    { call: ['*.exec', '*.loadLibrary', '*.load'], class: 'command-injection', where: 'runtime', audit: true },
    { call: ['System.loadLibrary', 'System.load'], class: 'command-injection', audit: true },
    { call: ['ProcessBuilder', '*.command'], arg: 'all', class: 'command-injection', where: 'process-builder-call', audit: true },
    // Reflection
    { call: ['Class.forName', '*.loadClass'], class: 'unsafe-reflection' },
    // Scripting engines (javax.script and those of the same shape: JEXL, BeanShell, Janino)
    { call: ['*.eval', '*.compile', '*.evaluate', '*.createExpression', '*.createScript'], class: 'code-injection', where: 'script-engine' },
    // JNDI look-ups of a client-chosen name load remote objects (ldap://, rmi://).
    { call: ['*.lookup', '*.doLookup'], class: 'code-injection', where: 'jndi-context' },
    // Files and paths
    {
      call: ['File', 'FileInputStream', 'FileOutputStream', 'FileReader', 'FileWriter', 'RandomAccessFile', 'ZipFile', 'JarFile', 'FileImageInputStream', 'FileImageOutputStream'],
      arg: [0, 1],
      class: 'path-traversal',
      where: 'path-unchecked',
    },
    { call: ['PrintWriter', 'PrintStream', 'Formatter'], class: 'path-traversal', where: 'file-name-argument' },
    { call: ['Paths.get', 'Path.of', 'FileSystems.getDefault().getPath', '*.getFileSystem().getPath'], arg: 'all', class: 'path-traversal', where: 'path-built' },
    { call: ['*.resolve', '*.resolveSibling'], class: 'path-traversal', where: 'path-resolve' },
    {
      call: 'Files.{readAllBytes,readString,readAllLines,lines,newInputStream,newOutputStream,newBufferedReader,newBufferedWriter,write,writeString,delete,deleteIfExists,createFile,list,walk,newByteChannel}',
      class: 'path-traversal',
      where: 'path-unchecked',
    },
    { call: 'Files.{copy,move}', arg: [0, 1], class: 'path-traversal', where: 'path-argument' },
    // Outgoing requests
    { call: ['*.openConnection', '*.openStream', '*.getContent'], receiver: true, class: 'ssrf', where: 'url-open' },
    { call: 'HttpRequest.newBuilder', class: 'ssrf', where: 'request-target' },
    // `HttpRequest.newBuilder().uri(x)` (and WebClient / RestClient request specs of the same shape).
    { call: '*.uri', class: 'ssrf', where: 'uri-spec' },
    { call: 'ImageIO.read', class: 'ssrf', where: 'url-argument' },
    // LDAP directories (javax.naming.directory)
    { call: ['*.search', '*.lookup', '*.list', '*.bind', '*.unbind'], arg: [0, 1], class: 'ldap-injection', where: 'ldap-directory' },
    // XPath
    { call: ['*.evaluate', '*.compile', '*.evaluateExpression'], class: 'xpath-injection', where: 'xpath-evaluator' },
    // Format strings
    { call: ['*.printf', '*.format'], arg: [0, 1], class: 'format-string', where: 'format-argument' },
    // System and security properties
    { call: ['System.setProperty', 'Security.setProperty'], arg: [0, 1], class: 'external-setting-control' },
  ],
  sanitizers: [
    {
      call: [
        '{Integer,Long,Short,Byte,Double,Float,Boolean}.{parseInt,parseLong,parseShort,parseByte,parseDouble,parseFloat,parseBoolean,valueOf,decode,parseUnsignedInt,parseUnsignedLong}',
        'UUID.{fromString,nameUUIDFromBytes,randomUUID}',
        'Math.*',
        'StrictMath.*',
        '{BigDecimal,BigInteger}',
        '{LocalDate,LocalDateTime,LocalTime,Instant,OffsetDateTime,ZonedDateTime,Duration,Period,Year,YearMonth,ZoneId}.{parse,of}',
        'Objects.hash',
        'HexFormat.*',
        'Enum.valueOf',
      ],
      class: 'all',
    },
    {
      call: 'URLEncoder.encode',
      class: ['xss', 'path-traversal', 'header-injection', 'log-injection', 'open-redirect', 'ssrf', 'command-injection', 'ldap-injection', 'xpath-injection', 'sql-injection'],
    },
    { call: ['Paths.get().getFileName', 'Path.of().getFileName', 'File().getName'], class: 'path-traversal' },
    { call: 'Rdn.escapeValue', class: 'ldap-injection' },
  ],
});
