#!/usr/bin/python3
"""A FUSE file system holding one file, disk.img, that fails reads or writes with EIO at chosen
byte ranges on demand, for tests that put a loop device over it (a failing disk without
device-mapper). The file's data lives in a sparse backing file given on the command line.

Usage: failing_disk.py MOUNTPOINT BACKING SIZE
Control: write lines to MOUNTPOINT/ctl:
  "read START LEN"   reads overlapping [START, START+LEN) fail with EIO
  "write START LEN"  writes overlapping the range fail with EIO
  "clear"            no failures, no hold
  "hold MS"          after each refusal, the next request waits until MS milliseconds have passed
Reading ctl returns the counts of failed reads and writes so far.
"""
import errno
import os
import stat
import sys
import threading
import time

try:
    from fusepy import FUSE, FuseOSError, Operations
except ImportError:
    from fuse import FUSE, FuseOSError, Operations


class FailingDisk(Operations):
    def __init__(self, backing, size):
        self.size = size
        self.fd = os.open(backing, os.O_RDWR | os.O_CREAT, 0o600)
        os.ftruncate(self.fd, size)
        self.lock = threading.Lock()
        self.ranges = {"read": [], "write": []}
        self.failed = {"read": 0, "write": 0}
        self.hold = 0.0
        self.held_until = 0.0
        self.now = time.time()

    def _fails(self, kind, offset, length):
        # Requests are answered one at a time (nothreads below), so holding this one holds every
        # later one: the refusal's completion reaches the caller before any later completion.
        wait = self.held_until - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        with self.lock:
            for start, ln in self.ranges[kind]:
                if offset < start + ln and start < offset + length:
                    self.failed[kind] += 1
                    self.held_until = time.monotonic() + self.hold
                    return True
        return False

    def _ctl_text(self):
        return ("failed_reads %d\nfailed_writes %d\n" % (self.failed["read"], self.failed["write"])).encode()

    def getattr(self, path, fh=None):
        base = dict(st_atime=self.now, st_mtime=self.now, st_ctime=self.now, st_uid=0, st_gid=0, st_nlink=1)
        if path == "/":
            return dict(base, st_mode=stat.S_IFDIR | 0o755, st_nlink=2)
        if path == "/disk.img":
            return dict(base, st_mode=stat.S_IFREG | 0o600, st_size=self.size)
        if path == "/ctl":
            return dict(base, st_mode=stat.S_IFREG | 0o600, st_size=0)
        raise FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", "..", "disk.img", "ctl"]

    def open(self, path, flags):
        if path not in ("/disk.img", "/ctl"):
            raise FuseOSError(errno.ENOENT)
        return 0

    def truncate(self, path, length, fh=None):
        if path != "/ctl":
            raise FuseOSError(errno.EPERM)

    def read(self, path, size, offset, fh):
        if path == "/ctl":
            return self._ctl_text()[offset:offset + size]
        if offset >= self.size:
            return b""
        size = min(size, self.size - offset)
        if self._fails("read", offset, size):
            raise FuseOSError(errno.EIO)
        return os.pread(self.fd, size, offset)

    def write(self, path, data, offset, fh):
        if path == "/ctl":
            for line in data.decode().splitlines():
                words = line.split()
                with self.lock:
                    if len(words) == 2 and words[0] == "hold":
                        self.hold = int(words[1]) / 1000.0
                    elif words == ["clear"]:
                        self.ranges = {"read": [], "write": []}
                        self.hold = 0.0
                    elif len(words) == 3 and words[0] in self.ranges:
                        self.ranges[words[0]].append((int(words[1]), int(words[2])))
                    else:
                        raise FuseOSError(errno.EINVAL)
            return len(data)
        if offset + len(data) > self.size:
            raise FuseOSError(errno.ENOSPC)
        if self._fails("write", offset, len(data)):
            raise FuseOSError(errno.EIO)
        return os.pwrite(self.fd, data, offset)

    def fsync(self, path, datasync, fh):
        return 0

    def flush(self, path, fh):
        return 0


if __name__ == "__main__":
    mount, backing, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
    # One thread answers the requests in the order they arrive. With several, a refusal's thread
    # could wait on the GIL while the others answered 70-100 later requests (seen with fio and
    # jfio alike), so how many I/Os a tool issued before it saw the error was the rig's choice.
    FUSE(FailingDisk(backing, size), mount, foreground=True, nothreads=True, direct_io=True)
