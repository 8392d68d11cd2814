// Command thumbnail-worker consumes upload events from SQS and renders
// thumbnails with ImageMagick.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

var (
	uploadRoot = filepath.Clean(envOr("UPLOAD_ROOT", "/srv/uploads"))
	sizes      = []string{"160x160", "480x480", "1024x1024"}
	keyPattern = regexp.MustCompile(`^[a-f0-9]{2}/[a-f0-9]{32}\.(jpg|jpeg|png|webp)$`)
)

type uploadEvent struct {
	Key    string `json:"key"`
	Tenant string `json:"tenant"`
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func sourcePath(ev uploadEvent) (string, error) {
	if !keyPattern.MatchString(ev.Key) {
		return "", fmt.Errorf("rejecting key %q", ev.Key)
	}
	p := filepath.Join(uploadRoot, ev.Key)
	if !strings.HasPrefix(p, uploadRoot+string(os.PathSeparator)) {
		return "", fmt.Errorf("key escapes upload root: %q", ev.Key)
	}
	return p, nil
}

func render(ctx context.Context, src string) error {
	base := strings.TrimSuffix(src, filepath.Ext(src))
	for _, size := range sizes {
		dst := fmt.Sprintf("%s_%s.webp", base, size)
		cmd := exec.CommandContext(ctx, "magick", src, "-auto-orient", "-thumbnail", size+"^", "-gravity", "center", "-extent", size, dst)
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("magick %s: %w", size, err)
		}
	}
	return nil
}

func handle(ctx context.Context, body string) error {
	var ev uploadEvent
	if err := json.Unmarshal([]byte(body), &ev); err != nil {
		return err
	}
	src, err := sourcePath(ev)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return render(ctx, src)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		log.Fatalf("aws config: %v", err)
	}
	client := sqs.NewFromConfig(cfg)
	queueURL := os.Getenv("QUEUE_URL")

	for ctx.Err() == nil {
		out, err := client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(queueURL),
			MaxNumberOfMessages: 5,
			WaitTimeSeconds:     20,
		})
		if err != nil {
			log.Printf("receive: %v", err)
			time.Sleep(5 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			if err := handle(ctx, aws.ToString(m.Body)); err != nil {
				log.Printf("message %s: %v", aws.ToString(m.MessageId), err)
				continue
			}
			client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(queueURL), ReceiptHandle: m.ReceiptHandle})
		}
	}
}
