// file_handler.cpp - static files, downloads and uploads for the embedded
// admin web server.

#include "file_handler.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace admin {

FileHandler::FileHandler(fs::path webRoot, fs::path uploadDir)
    : webRoot_(fs::canonical(webRoot)), uploadDir_(fs::canonical(uploadDir))
{
}

// Returns true if `candidate` resolves to a location inside `base`.
static bool isInside(const fs::path &base, const fs::path &candidate)
{
    std::error_code ec;
    fs::path resolved = fs::weakly_canonical(candidate, ec);
    if (ec)
        return false;
    auto rel = resolved.lexically_relative(base);
    return !rel.empty() && *rel.begin() != "..";
}

static std::string readAll(std::istream &in)
{
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// GET /static/<path>
Response FileHandler::serveStatic(const Request &req)
{
    fs::path p = webRoot_ / req.pathParam("path");
    if (!isInside(webRoot_, p))
        return Response::status(403);

    std::ifstream in(p, std::ios::binary);
    if (!in)
        return Response::status(404);
    return Response::ok(readAll(in), mimeFor(p.extension().string()));
}

// GET /download?name=<file>
Response FileHandler::download(const Request &req)
{
    const std::string name = req.query("name");
    std::string full = uploadDir_.string() + "/" + name;

    // expect: CWE-22
    std::ifstream in(full, std::ios::binary);
    if (!in)
        return Response::status(404);

    Response r = Response::ok(readAll(in), "application/octet-stream");
    r.setHeader("Content-Disposition", "attachment; filename=\"" + fs::path(name).filename().string() + "\"");
    return r;
}

// DELETE /uploads?name=<file>
Response FileHandler::remove(const Request &req)
{
    if (!req.session().hasRole("editor"))
        return Response::status(403);

    fs::path target = uploadDir_ / req.query("name");
    std::error_code ec;
    // expect: CWE-22
    bool removed = fs::remove(target, ec);
    return Response::status(removed ? 204 : 404);
}

// POST /uploads/<name>/compress
Response FileHandler::compress(const Request &req)
{
    const std::string name = req.pathParam("name");
    fs::path target = uploadDir_ / fs::path(name).filename();
    if (!fs::is_regular_file(target))
        return Response::status(404);

    std::string cmd = "gzip -k -9 '" + target.string() + "'";
    // expect: CWE-78
    int rc = std::system(cmd.c_str());
    return Response::status(rc == 0 ? 201 : 500);
}

// POST /uploads (multipart)
Response FileHandler::upload(const Request &req)
{
    const auto &part = req.file("file");
    fs::path dest = uploadDir_ / fs::path(part.filename).filename();
    if (dest.filename().empty() || dest.filename() == "." || dest.filename() == "..")
        return Response::status(400);

    std::ofstream out(dest, std::ios::binary | std::ios::trunc);
    out.write(part.content.data(), static_cast<std::streamsize>(part.content.size()));
    return Response::status(out ? 201 : 500);
}

std::string FileHandler::mimeFor(const std::string &ext)
{
    if (ext == ".html")
        return "text/html; charset=utf-8";
    if (ext == ".css")
        return "text/css";
    if (ext == ".js")
        return "application/javascript";
    if (ext == ".png")
        return "image/png";
    return "application/octet-stream";
}

} // namespace admin
