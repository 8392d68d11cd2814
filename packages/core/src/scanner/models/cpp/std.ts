import { defineModel } from '../schema.ts';

/**
 * The C++ standard library: `std::cin` and stream reads, `std::getline`, number parsing, file
 * streams and `std::filesystem`, `<regex>` matches, and markup written through `<<` (the adapter
 * presents `out << a << b` as a call `<<(out, a, b)`).
 */
export default defineModel({
  name: 'std',
  language: 'cpp',
  description: 'C++ standard library: console and stream input, std::stoi & co., file streams and std::filesystem, <regex>, and HTML written with <<.',
  sources: [
    { path: ['std.cin', 'cin', 'std.wcin', 'wcin'], kind: 'local' },
    // std::getline(in, line): a line of a file, of stdin, of a socket stream: input either way.
    { call: ['std.getline', 'getline'], into: 1, kind: 'local' },
    { call: ['{std.cin,cin,std.wcin,wcin}.{getline,get,read}', '*.{getline,read,readsome}'], into: 0, kind: 'local' },
  ],
  sinks: [
    {
      call: [
        'std.ifstream',
        'std.ofstream',
        'std.fstream',
        'std.wifstream',
        'std.wofstream',
        'ifstream',
        'ofstream',
        'fstream',
        'std.filesystem.remove',
        'std.filesystem.remove_all',
        'std.filesystem.copy',
        'std.filesystem.copy_file',
        'std.filesystem.rename',
        'std.filesystem.create_directory',
        'std.filesystem.create_directories',
        'std.filesystem.resize_file',
        'std.filesystem.permissions',
      ],
      class: 'path-traversal',
      where: 'path-operation',
    },
    { call: ['std.filesystem.copy', 'std.filesystem.copy_file', 'std.filesystem.rename'], arg: 1, class: 'path-traversal' },
    { call: '*.open', class: 'path-traversal', where: 'file-stream' },
    // `html << "<td>" << name << "</td>"`: untrusted text inserted into markup.
    { call: '<<', arg: 2, class: 'xss', where: 'html-markup', label: 'HTML markup' },
  ],
  sanitizers: [
    {
      call: [
        'std.stoi',
        'std.stol',
        'std.stoul',
        'std.stoll',
        'std.stoull',
        'std.stof',
        'std.stod',
        'stoi',
        'stol',
        'stoul',
        'stoll',
        'stoull',
        'stof',
        'stod',
        'std.to_string',
        'to_string',
        'std.hash',
        'std.size',
      ],
      class: 'all',
      numeric: true,
    },
    // The last component of a std::filesystem::path cannot leave a directory.
    { call: '*.filename', class: 'path-traversal' },
  ],
  validators: [{ call: ['regex_match', 'regex_search'] }],
});
