//===- HostAddress.cpp - Can this process read a host address? -----------===//

#include "pyjit/runtime/HostAddress.h"

#include <cassert>
#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

using namespace pyjit::runtime;

namespace {
/// One pipe for the process, opened at first use (close-on-exec). Each
/// probe writes its bytes and reads them back under the lock, so the pipe
/// is empty between probes.
struct ProbePipe {
  int fds[2] = {-1, -1};
  std::mutex lock;
  ProbePipe() {
    if (::pipe2(fds, O_CLOEXEC) != 0)
      fds[0] = fds[1] = -1;
  }
};
} // namespace

bool pyjit::runtime::isHostReadable(uint64_t address, size_t bytes) {
  assert(bytes >= 1 && bytes <= 4096 && "a probe fits a pipe's buffer");
  if (address == 0 || address + bytes < address)
    return false;
  static ProbePipe probe;
  if (probe.fds[0] < 0)
    return true; // no pipe (descriptors exhausted): cannot tell, do not refuse
  std::lock_guard<std::mutex> guard(probe.lock);
  ssize_t written;
  do
    written = ::write(probe.fds[1], reinterpret_cast<const void *>(address), bytes);
  while (written < 0 && errno == EINTR);
  if (written < 0)
    return errno != EFAULT;
  char sink[4096];
  for (ssize_t left = written; left > 0;) {
    ssize_t got = ::read(probe.fds[0], sink, static_cast<size_t>(left));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    left -= got;
  }
  return static_cast<size_t>(written) == bytes;
}
