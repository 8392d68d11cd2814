using System;
using System.Diagnostics;
using System.IO;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using System.Windows;

namespace PhotoVault.Desktop
{
    public sealed class BackupSettings
    {
        public string TargetFolder { get; set; }
        public string ServerUrl { get; set; }
        public string UserName { get; set; }
        public string ProtectedPassword { get; set; }
        public int KeepVersions { get; set; } = 5;
    }

    public partial class BackupSettingsWindow : Window
    {
        private static readonly string SettingsPath = Path.Combine(
            Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData), "PhotoVault", "backup.json");

        private static readonly HttpClient Http = new HttpClient { Timeout = TimeSpan.FromSeconds(15) };

        private BackupSettings _settings = new BackupSettings();

        public BackupSettingsWindow()
        {
            InitializeComponent();
            Loaded += (s, e) => LoadSettings();
        }

        private void LoadSettings()
        {
            if (!File.Exists(SettingsPath))
            {
                return;
            }
            _settings = JsonSerializer.Deserialize<BackupSettings>(File.ReadAllText(SettingsPath)) ?? new BackupSettings();
            TargetFolderBox.Text = _settings.TargetFolder;
            ServerUrlBox.Text = _settings.ServerUrl;
            UserNameBox.Text = _settings.UserName;
            KeepVersionsBox.Text = _settings.KeepVersions.ToString();
        }

        private void OnSaveClicked(object sender, RoutedEventArgs e)
        {
            if (!Uri.TryCreate(ServerUrlBox.Text, UriKind.Absolute, out var server) || server.Scheme != Uri.UriSchemeHttps)
            {
                MessageBox.Show(this, "The backup server must use an https:// address.", "PhotoVault");
                return;
            }
            if (!int.TryParse(KeepVersionsBox.Text, out var keep) || keep < 1 || keep > 100)
            {
                MessageBox.Show(this, "Keep between 1 and 100 versions.", "PhotoVault");
                return;
            }

            _settings.TargetFolder = Path.GetFullPath(TargetFolderBox.Text);
            _settings.ServerUrl = server.ToString();
            _settings.UserName = UserNameBox.Text.Trim();
            _settings.KeepVersions = keep;
            if (PasswordBox.Password.Length > 0)
            {
                var protectedBytes = ProtectedData.Protect(Encoding.UTF8.GetBytes(PasswordBox.Password), null, DataProtectionScope.CurrentUser);
                _settings.ProtectedPassword = Convert.ToBase64String(protectedBytes);
            }

            Directory.CreateDirectory(Path.GetDirectoryName(SettingsPath));
            File.WriteAllText(SettingsPath, JsonSerializer.Serialize(_settings, new JsonSerializerOptions { WriteIndented = true }));
            DialogResult = true;
        }

        private void OnOpenFolderClicked(object sender, RoutedEventArgs e)
        {
            var folder = _settings.TargetFolder;
            if (string.IsNullOrEmpty(folder) || !Directory.Exists(folder))
            {
                return;
            }
            var psi = new ProcessStartInfo("explorer.exe") { UseShellExecute = false };
            psi.ArgumentList.Add(folder);
            Process.Start(psi);
        }

        private async void OnTestConnectionClicked(object sender, RoutedEventArgs e)
        {
            TestButton.IsEnabled = false;
            try
            {
                StatusText.Text = await PingServerAsync() ? "Connected." : "Server rejected the credentials.";
            }
            catch (HttpRequestException ex)
            {
                StatusText.Text = "Connection failed: " + ex.Message;
            }
            finally
            {
                TestButton.IsEnabled = true;
            }
        }

        private async Task<bool> PingServerAsync()
        {
            var password = string.Empty;
            if (!string.IsNullOrEmpty(_settings.ProtectedPassword))
            {
                var raw = ProtectedData.Unprotect(Convert.FromBase64String(_settings.ProtectedPassword), null, DataProtectionScope.CurrentUser);
                password = Encoding.UTF8.GetString(raw);
            }

            using (var req = new HttpRequestMessage(HttpMethod.Get, new Uri(new Uri(_settings.ServerUrl), "api/ping")))
            {
                var basic = Convert.ToBase64String(Encoding.UTF8.GetBytes(_settings.UserName + ":" + password));
                req.Headers.Authorization = new System.Net.Http.Headers.AuthenticationHeaderValue("Basic", basic);
                using (var resp = await Http.SendAsync(req))
                {
                    return resp.IsSuccessStatusCode;
                }
            }
        }

        private void OnCancelClicked(object sender, RoutedEventArgs e)
        {
            DialogResult = false;
        }
    }
}
