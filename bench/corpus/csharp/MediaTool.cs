using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;

namespace MediaTool
{
    /// <summary>
    /// media-tool: batch thumbnail and metadata extraction for the asset library.
    ///   media-tool thumbs &lt;dir&gt; [--size 320]
    ///   media-tool probe &lt;file&gt;
    /// </summary>
    public static class Program
    {
        private static readonly string[] Extensions = { ".mp4", ".mov", ".mkv", ".webm" };

        public static async Task<int> Main(string[] args)
        {
            if (args.Length < 2)
            {
                Console.Error.WriteLine("usage: media-tool thumbs <dir> [--size N] | probe <file>");
                return 2;
            }

            switch (args[0])
            {
                case "thumbs":
                    var size = 320;
                    var idx = Array.IndexOf(args, "--size");
                    if (idx >= 0 && (idx + 1 >= args.Length || !int.TryParse(args[idx + 1], out size) || size < 16 || size > 4096))
                    {
                        Console.Error.WriteLine("invalid --size");
                        return 2;
                    }
                    return await Thumbnails(args[1], size);
                case "probe":
                    var result = await Run("ffprobe", "-v", "error", "-show_format", "-of", "json", Path.GetFullPath(args[1]));
                    Console.WriteLine(result.Output);
                    return result.ExitCode;
                default:
                    Console.Error.WriteLine($"unknown command: {args[0]}");
                    return 2;
            }
        }

        private static async Task<int> Thumbnails(string dir, int size)
        {
            var root = Path.GetFullPath(dir);
            var outDir = Path.Combine(root, ".thumbs");
            Directory.CreateDirectory(outDir);

            var failures = 0;
            var files = Directory.EnumerateFiles(root)
                .Where(f => Extensions.Contains(Path.GetExtension(f), StringComparer.OrdinalIgnoreCase));
            foreach (var file in files)
            {
                var safeName = Regex.Replace(Path.GetFileNameWithoutExtension(file), "[^A-Za-z0-9._-]", "_");
                var target = Path.Combine(outDir, safeName + ".jpg");
                var r = await Run("ffmpeg", "-nostdin", "-y", "-ss", "5", "-i", file,
                    "-frames:v", "1", "-vf", $"scale={size}:-2", target);
                if (r.ExitCode != 0)
                {
                    failures++;
                    Console.Error.WriteLine($"{Path.GetFileName(file)}: ffmpeg exited with {r.ExitCode}");
                }
            }
            return failures == 0 ? 0 : 1;
        }

        private static async Task<(int ExitCode, string Output)> Run(string program, params string[] arguments)
        {
            var psi = new ProcessStartInfo(program)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            foreach (var a in arguments)
            {
                psi.ArgumentList.Add(a);
            }

            using var proc = Process.Start(psi) ?? throw new InvalidOperationException($"could not start {program}");
            var stdout = proc.StandardOutput.ReadToEndAsync();
            var stderr = proc.StandardError.ReadToEndAsync();
            await proc.WaitForExitAsync();
            return (proc.ExitCode, (await stdout) + (await stderr));
        }
    }
}
