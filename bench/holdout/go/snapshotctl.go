package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// snapshotctl: create, verify and prune volume snapshots on storage nodes.

var (
	snapshotRoot = "/var/lib/snapshots"
	volumeRe     = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,62}$`)
)

func snapshotDir(volume string) (string, error) {
	if !volumeRe.MatchString(volume) {
		return "", fmt.Errorf("invalid volume name %q", volume)
	}
	return filepath.Join(snapshotRoot, volume), nil
}

func randomSuffix() (string, error) {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

func sha256File(path string) (string, error) {
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

func createCmd() *cobra.Command {
	var label string
	cmd := &cobra.Command{
		Use:   "create VOLUME",
		Short: "Create a snapshot of a volume",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := snapshotDir(args[0])
			if err != nil {
				return err
			}
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return err
			}
			suffix, err := randomSuffix()
			if err != nil {
				return err
			}
			labelPart := regexp.MustCompile(`[^a-zA-Z0-9_-]`).ReplaceAllString(label, "")
			name := fmt.Sprintf("%s-%s-%s.img", time.Now().UTC().Format("20060102T150405"), labelPart, suffix)
			out := filepath.Join(dir, name)
			c := exec.Command("lvcreate", "--snapshot", "--name", strings.TrimSuffix(name, ".img"), "--size", "5G", "/dev/vg0/"+args[0])
			c.Stdout, c.Stderr = os.Stdout, os.Stderr
			if err := c.Run(); err != nil {
				return fmt.Errorf("lvcreate: %w", err)
			}
			dd := exec.Command("dd", "if=/dev/vg0/"+strings.TrimSuffix(name, ".img"), "of="+out, "bs=4M", "status=none")
			if err := dd.Run(); err != nil {
				return fmt.Errorf("dd: %w", err)
			}
			sum, err := sha256File(out)
			if err != nil {
				return err
			}
			return os.WriteFile(out+".sha256", []byte(sum+"  "+name+"\n"), 0o640)
		},
	}
	cmd.Flags().StringVar(&label, "label", "manual", "label to embed in the snapshot name")
	return cmd
}

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify VOLUME",
		Short: "Verify snapshot checksums",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := snapshotDir(args[0])
			if err != nil {
				return err
			}
			imgs, _ := filepath.Glob(filepath.Join(dir, "*.img"))
			bad := 0
			for _, img := range imgs {
				want, err := os.ReadFile(img + ".sha256")
				if err != nil {
					fmt.Fprintf(os.Stderr, "missing checksum for %s\n", filepath.Base(img))
					bad++
					continue
				}
				got, err := sha256File(img)
				if err != nil || !strings.HasPrefix(string(want), got) {
					fmt.Fprintf(os.Stderr, "checksum mismatch: %s\n", filepath.Base(img))
					bad++
				}
			}
			if bad > 0 {
				return errors.New("verification failed")
			}
			fmt.Printf("%d snapshots ok\n", len(imgs))
			return nil
		},
	}
}

func pruneCmd() *cobra.Command {
	var keep int
	cmd := &cobra.Command{
		Use:   "prune VOLUME",
		Short: "Delete all but the newest snapshots",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := snapshotDir(args[0])
			if err != nil {
				return err
			}
			imgs, _ := filepath.Glob(filepath.Join(dir, "*.img"))
			sort.Strings(imgs)
			if len(imgs) <= keep {
				return nil
			}
			for _, img := range imgs[:len(imgs)-keep] {
				fmt.Println("removing", filepath.Base(img))
				os.Remove(img)
				os.Remove(img + ".sha256")
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&keep, "keep", 7, "number of snapshots to keep")
	return cmd
}

func main() {
	root := &cobra.Command{Use: "snapshotctl"}
	root.AddCommand(createCmd(), verifyCmd(), pruneCmd())
	if err := root.Execute(); err != nil {
		os.Exit(1)
	}
}
