package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// Media service for the podcast hosting platform.

var (
	mediaRoot   = envOr("MEDIA_ROOT", "/srv/media")
	episodeName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}\.(mp3|m4a|ogg)$`)
	bitrates    = map[string]string{"low": "64k", "medium": "128k", "high": "192k"}
)

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func showDir(c *gin.Context) string {
	return filepath.Join(mediaRoot, "shows", c.Param("show"))
}

func main() {
	r := gin.New()
	r.Use(gin.Recovery())

	r.GET("/shows/:show/episodes/:file", streamEpisode)
	r.GET("/shows/:show/artwork", artwork)
	r.POST("/shows/:show/episodes/:file/transcode", transcode)
	r.POST("/shows/:show/episodes/:file/waveform", waveform)
	r.GET("/shows/:show/transcripts", transcript)

	r.Run(":8080")
}

func streamEpisode(c *gin.Context) {
	file := c.Param("file")
	if !episodeName.MatchString(file) {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	dir := showDir(c)
	full := filepath.Join(dir, "episodes", file)
	if !strings.HasPrefix(full, filepath.Join(mediaRoot, "shows")+string(os.PathSeparator)) {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.File(full)
}

func artwork(c *gin.Context) {
	name := c.DefaultQuery("image", "cover.jpg")
	if c.Query("size") == "thumb" {
		name = "thumb_" + name
	}
	path := filepath.Join(showDir(c), "artwork", name)
	// expect: CWE-22
	c.File(path)
}

func transcript(c *gin.Context) {
	lang := c.Query("lang")
	episode := c.Query("episode")
	p := filepath.Join(showDir(c), "transcripts", lang, episode)
	// expect: CWE-22
	data, err := os.ReadFile(p)
	if err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.Data(http.StatusOK, "text/vtt; charset=utf-8", data)
}

func transcode(c *gin.Context) {
	file := c.Param("file")
	if !episodeName.MatchString(file) {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	rate, ok := bitrates[c.PostForm("quality")]
	if !ok {
		rate = bitrates["medium"]
	}
	src := filepath.Join(showDir(c), "episodes", file)
	dst := strings.TrimSuffix(src, filepath.Ext(src)) + "-" + rate + ".mp3"

	ctx, cancel := context.WithTimeout(c.Request.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "ffmpeg", "-y", "-i", src, "-b:a", rate, dst)
	if out, err := cmd.CombinedOutput(); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "transcode failed", "log": string(out)})
		return
	}
	c.JSON(http.StatusOK, gin.H{"output": filepath.Base(dst)})
}

func waveform(c *gin.Context) {
	file := c.Param("file")
	color := c.DefaultPostForm("color", "#3366ff")
	width := c.DefaultPostForm("width", "1200")
	src := filepath.Join(showDir(c), "episodes", file)
	out := src + ".png"
	script := fmt.Sprintf("audiowaveform -i %s -o %s --waveform-color %s -w %s", src, out, color, width)
	// expect: CWE-78
	cmd := exec.Command("/bin/sh", "-c", script)
	if err := cmd.Run(); err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, gin.H{"waveform": filepath.Base(out)})
}
