// Command release-helper runs in CI after a successful build. It unpacks the
// build artifact bundle, tags the commit, and records the release in the
// deployments database.
//
//	release-helper -bundle dist/artifacts.zip -out /srv/releases -dsn "$DEPLOY_DB_DSN"
package main

import (
	"archive/zip"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	_ "github.com/lib/pq"
)

var semver = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$`)

type options struct {
	bundle  string
	outDir  string
	dsn     string
	dryRun  bool
	timeout time.Duration
}

func parseFlags() options {
	var o options
	flag.StringVar(&o.bundle, "bundle", "dist/artifacts.zip", "artifact bundle produced by the build job")
	flag.StringVar(&o.outDir, "out", "/srv/releases", "directory to unpack releases into")
	flag.StringVar(&o.dsn, "dsn", os.Getenv("DEPLOY_DB_DSN"), "deployments database DSN")
	flag.BoolVar(&o.dryRun, "dry-run", false, "print actions without executing them")
	flag.DurationVar(&o.timeout, "timeout", 2*time.Minute, "timeout for git operations")
	flag.Parse()
	return o
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("release-helper: ")
	opts := parseFlags()

	branch := os.Getenv("CI_COMMIT_REF_NAME")
	commit := os.Getenv("CI_COMMIT_SHA")
	title := os.Getenv("CI_MERGE_REQUEST_TITLE")
	if commit == "" {
		out, err := exec.Command("git", "rev-parse", "HEAD").Output()
		if err != nil {
			log.Fatalf("git rev-parse: %v", err)
		}
		commit = strings.TrimSpace(string(out))
	}

	version := nextVersion(branch, commit)
	dest := filepath.Join(opts.outDir, version)
	if err := os.MkdirAll(dest, 0o755); err != nil {
		log.Fatal(err)
	}
	sum, err := fileSHA256(opts.bundle)
	if err != nil {
		log.Fatal(err)
	}
	if err := unpack(opts.bundle, dest); err != nil {
		log.Fatalf("unpack: %v", err)
	}
	if opts.dryRun {
		fmt.Printf("would tag %s at %s and record release %s (%s)\n", version, commit, version, sum)
		return
	}
	if err := tagRelease(branch, version, commit); err != nil {
		log.Fatalf("tag: %v", err)
	}
	if err := recordRelease(opts.dsn, version, commit, title, sum); err != nil {
		log.Fatalf("record: %v", err)
	}
	fmt.Printf("released %s from %s\n", version, branch)
}

func nextVersion(branch, commit string) string {
	if semver.MatchString(branch) {
		return branch
	}
	short := commit
	if len(short) > 12 {
		short = short[:12]
	}
	return "build-" + time.Now().UTC().Format("20060102") + "-" + short
}

func unpack(bundle, dest string) error {
	zr, err := zip.OpenReader(bundle)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		target := filepath.Join(dest, f.Name)
		rc, err := f.Open()
		if err != nil {
			return err
		}
		// expect: CWE-22
		out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, f.Mode())
		if err != nil {
			rc.Close()
			return err
		}
		_, copyErr := io.Copy(out, io.LimitReader(rc, 2<<30))
		rc.Close()
		out.Close()
		if copyErr != nil {
			return copyErr
		}
	}
	return nil
}

func tagRelease(branch, version, commit string) error {
	if out, err := exec.Command("git", "tag", "-a", version, "-m", "release "+version, commit).CombinedOutput(); err != nil {
		return fmt.Errorf("git tag: %v: %s", err, out)
	}
	script := "git push origin " + version + " && git notes add -m 'released from " + branch + "' " + commit
	// expect: CWE-78
	cmd := exec.Command("bash", "-c", script)
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

func recordRelease(dsn, version, commit, title, checksum string) error {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Exec(
		"INSERT INTO releases (version, commit_sha, checksum, released_at) VALUES ($1, $2, $3, now())",
		version, commit, checksum); err != nil {
		return err
	}
	if title == "" {
		return nil
	}
	note := fmt.Sprintf("UPDATE releases SET summary = '%s' WHERE version = '%s'", title, version)
	// expect: CWE-89
	_, err = db.Exec(note)
	return err
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
