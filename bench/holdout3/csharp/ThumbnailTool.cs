using System;
using System.CommandLine;
using System.Diagnostics;
using System.IO;
using System.Net.Http;
using System.Security.Cryptography;
using System.Threading.Tasks;

namespace Lumen.Media.Tools
{
    public static class ThumbnailTool
    {
        private static readonly string[] AllowedExtensions = { ".jpg", ".jpeg", ".png", ".webp", ".heic" };

        public static async Task<int> Main(string[] args)
        {
            var sourceOpt = new Option<DirectoryInfo>("--source", "Directory containing original images") { IsRequired = true };
            var outputOpt = new Option<DirectoryInfo>("--output", "Directory for generated thumbnails") { IsRequired = true };
            var sizeOpt = new Option<int>("--size", () => 320, "Longest edge in pixels");
            var root = new RootCommand("Generate thumbnails for the media library") { sourceOpt, outputOpt, sizeOpt };

            root.SetHandler(async (DirectoryInfo source, DirectoryInfo output, int size) =>
            {
                if (size < 16 || size > 4096)
                {
                    Console.Error.WriteLine("--size must be between 16 and 4096");
                    Environment.ExitCode = 2;
                    return;
                }
                output.Create();
                var outRoot = Path.GetFullPath(output.FullName) + Path.DirectorySeparatorChar;
                foreach (var file in source.EnumerateFiles("*", SearchOption.AllDirectories))
                {
                    if (Array.IndexOf(AllowedExtensions, file.Extension.ToLowerInvariant()) < 0)
                    {
                        continue;
                    }
                    var relative = Path.GetRelativePath(source.FullName, file.FullName);
                    var target = Path.GetFullPath(Path.Combine(outRoot, Path.ChangeExtension(relative, ".webp")));
                    if (!target.StartsWith(outRoot, StringComparison.Ordinal))
                    {
                        continue;
                    }
                    Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                    await ResizeAsync(file.FullName, target, size);
                    Console.WriteLine($"{relative} -> {Path.GetRelativePath(outRoot, target)} ({await ChecksumAsync(target)})");
                }
                await NotifyIndexerAsync();
            }, sourceOpt, outputOpt, sizeOpt);

            return await root.InvokeAsync(args);
        }

        private static async Task ResizeAsync(string input, string output, int size)
        {
            var psi = new ProcessStartInfo("magick")
            {
                UseShellExecute = false,
                RedirectStandardError = true,
            };
            psi.ArgumentList.Add(input);
            psi.ArgumentList.Add("-auto-orient");
            psi.ArgumentList.Add("-thumbnail");
            psi.ArgumentList.Add($"{size}x{size}>");
            psi.ArgumentList.Add(output);
            using var proc = Process.Start(psi)!;
            var err = await proc.StandardError.ReadToEndAsync();
            await proc.WaitForExitAsync();
            if (proc.ExitCode != 0)
            {
                throw new InvalidOperationException($"magick failed: {err}");
            }
        }

        private static async Task<string> ChecksumAsync(string path)
        {
            await using var fs = File.OpenRead(path);
            var hash = await SHA256.HashDataAsync(fs);
            return Convert.ToHexString(hash)[..16];
        }

        private static async Task NotifyIndexerAsync()
        {
            var endpoint = Environment.GetEnvironmentVariable("MEDIA_INDEXER_URL");
            var token = Environment.GetEnvironmentVariable("MEDIA_INDEXER_TOKEN");
            if (string.IsNullOrEmpty(endpoint) || string.IsNullOrEmpty(token))
            {
                return;
            }
            using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(15) };
            using var req = new HttpRequestMessage(HttpMethod.Post, new Uri(new Uri(endpoint), "/reindex"));
            req.Headers.Authorization = new System.Net.Http.Headers.AuthenticationHeaderValue("Bearer", token);
            using var resp = await http.SendAsync(req);
            resp.EnsureSuccessStatusCode();
        }
    }
}
