// audit_logger.cpp - logging for the SSH bastion's command proxy.
// Every command a user runs through the bastion is logged to syslog, to the
// per-session transcript and to the console when running in the foreground.

#include <syslog.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <mutex>
#include <string>

namespace bastion {

class AuditLogger {
public:
    AuditLogger(std::string sessionId, std::string user, bool foreground)
        : sessionId_(std::move(sessionId)), user_(std::move(user)), foreground_(foreground)
    {
        openlog("bastion", LOG_PID | LOG_NDELAY, LOG_AUTHPRIV);
        transcript_.open("/var/log/bastion/" + sessionId_ + ".log", std::ios::app);
    }

    ~AuditLogger() { closelog(); }

    // Command line typed by the user on the remote shell.
    void command(const std::string &cmdline)
    {
        std::lock_guard<std::mutex> lock(mu_);
        std::string entry = "[" + sessionId_ + "] " + user_ + " ran: " + cmdline;
        // expect: CWE-134
        syslog(LOG_NOTICE, entry.c_str());
        transcript_ << timestamp() << ' ' << cmdline << '\n';
        if (foreground_) {
            // expect: CWE-134
            std::printf((entry + "\n").c_str());
        }
    }

    // Exit status of the proxied command; only numbers are formatted.
    void exitStatus(int status)
    {
        std::lock_guard<std::mutex> lock(mu_);
        syslog(LOG_INFO, "[%s] exit status %d", sessionId_.c_str(), status);
        transcript_ << timestamp() << " exit " << status << '\n';
    }

    // Messages from the remote sshd (banner, errors) are logged as data.
    void remoteMessage(const std::string &msg)
    {
        std::lock_guard<std::mutex> lock(mu_);
        syslog(LOG_INFO, "[%s] remote: %s", sessionId_.c_str(), msg.c_str());
        if (foreground_)
            std::fprintf(stderr, "%s\n", msg.c_str());
    }

    // Short one-line status for the operator's tmux status bar.
    std::string statusLine(const std::string &hostAlias) const
    {
        char buf[128];
        std::string fmt = user_ + "@" + hostAlias + " (" + sessionId_ + ")";
        // expect: CWE-134
        std::snprintf(buf, sizeof(buf), fmt.c_str());
        return buf;
    }

    void warn(const char *fmt, ...) __attribute__((format(printf, 2, 3)))
    {
        va_list ap;
        va_start(ap, fmt);
        std::lock_guard<std::mutex> lock(mu_);
        vsyslog(LOG_WARNING, fmt, ap);
        va_end(ap);
    }

private:
    static std::string timestamp()
    {
        char buf[32];
        std::time_t now = std::time(nullptr);
        std::tm tm{};
        gmtime_r(&now, &tm);
        std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
        return buf;
    }

    std::string sessionId_;
    std::string user_;
    bool foreground_;
    std::ofstream transcript_;
    mutable std::mutex mu_;
};

} // namespace bastion
