// render_job_runner.cpp - picks queued render jobs for the Archviz studio
// farm from PostgreSQL and launches Blender workers.
#include <libpq-fe.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace archviz {

struct RenderJob {
    long id;
    std::string project;
    std::string scene_file;
    std::string output_format;
    int frame_start;
    int frame_end;
};

// expect: CWE-798
static const char* kReportingConnInfo = "host=pg-reporting.archviz.lan dbname=farm_stats user=farm_report password=Rend3rF4rm!stats";

class JobRunner {
public:
    explicit JobRunner(const std::string& conninfo) : conn_(PQconnectdb(conninfo.c_str())) {
        if (PQstatus(conn_) != CONNECTION_OK) {
            throw std::runtime_error(std::string("db connect failed: ") + PQerrorMessage(conn_));
        }
    }
    ~JobRunner() { PQfinish(conn_); }

    std::vector<RenderJob> claimJobs(const std::string& workerPool, int limit) {
        const std::string limitStr = std::to_string(limit);
        const char* params[2] = {workerPool.c_str(), limitStr.c_str()};
        PGresult* res = PQexecParams(conn_,
            "UPDATE render_jobs SET status = 'running', started_at = now() WHERE id IN ("
            " SELECT id FROM render_jobs WHERE status = 'queued' AND pool = $1"
            " ORDER BY priority DESC, id LIMIT $2::int FOR UPDATE SKIP LOCKED)"
            " RETURNING id, project, scene_file, output_format, frame_start, frame_end",
            2, nullptr, params, nullptr, nullptr, 0);
        std::vector<RenderJob> jobs;
        if (PQresultStatus(res) == PGRES_TUPLES_OK) {
            for (int i = 0; i < PQntuples(res); ++i) {
                jobs.push_back(RenderJob{std::atol(PQgetvalue(res, i, 0)), PQgetvalue(res, i, 1), PQgetvalue(res, i, 2),
                                         PQgetvalue(res, i, 3), std::atoi(PQgetvalue(res, i, 4)), std::atoi(PQgetvalue(res, i, 5))});
            }
        }
        PQclear(res);
        return jobs;
    }

    void annotate(long jobId, const std::string& note) {
        std::string sql = "UPDATE render_jobs SET operator_note = '" + note + "' WHERE id = " + std::to_string(jobId);
        // expect: CWE-89
        PGresult* res = PQexec(conn_, sql.c_str());
        PQclear(res);
    }

    int launchBlender(const RenderJob& job) {
        static const std::regex allowedFormat("^(PNG|OPEN_EXR|JPEG|TIFF)$");
        if (!std::regex_match(job.output_format, allowedFormat)) return -1;
        std::string start = std::to_string(job.frame_start);
        std::string end = std::to_string(job.frame_end);
        std::string outPattern = "/farm/output/" + std::to_string(job.id) + "/frame_####";
        pid_t pid = fork();
        if (pid == 0) {
            execlp("blender", "blender", "-b", job.scene_file.c_str(), "-o", outPattern.c_str(),
                   "-F", job.output_format.c_str(), "-s", start.c_str(), "-e", end.c_str(), "-a", static_cast<char*>(nullptr));
            _exit(127);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    void packageOutput(const RenderJob& job) {
        std::string cmd = "cd /farm/output/" + std::to_string(job.id) + " && tar czf ../" + job.project + ".tar.gz .";
        // expect: CWE-78
        int rc = std::system(cmd.c_str());
        if (rc != 0) std::cerr << "packaging failed for job " << job.id << "\n";
    }

    static PGconn* reportingConnection() { return PQconnectdb(kReportingConnInfo); }

private:
    PGconn* conn_;
};

}  // namespace archviz

int main(int argc, char** argv) {
    const char* conninfo = std::getenv("FARM_DATABASE_URL");
    if (!conninfo) {
        std::cerr << "FARM_DATABASE_URL not set\n";
        return 1;
    }
    archviz::JobRunner runner(conninfo);
    if (argc == 4 && std::string(argv[1]) == "note") {
        runner.annotate(std::atol(argv[2]), argv[3]);
        return 0;
    }
    std::string pool = argc > 1 ? argv[1] : "gpu-a";
    for (const auto& job : runner.claimJobs(pool, 4)) {
        int rc = runner.launchBlender(job);
        runner.annotate(job.id, "exit " + std::to_string(rc));
        if (rc == 0) runner.packageOutput(job);
    }
    return 0;
}
