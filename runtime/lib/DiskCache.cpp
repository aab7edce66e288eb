//===- DiskCache.cpp - Compiled kernels on disk ----------------------------===//
#include "pyjit/runtime/DiskCache.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

using namespace pyjit;
using namespace pyjit::runtime;
namespace fs = llvm::sys::fs;

namespace {
constexpr char kMagic[8] = {'P', 'Y', 'J', 'I', 'T', 'K', '0', '1'};
constexpr size_t kDigestBytes = 32;
constexpr size_t kHeaderBytes = 8 + 8 + kDigestBytes;
constexpr llvm::StringLiteral kSuffix = ".pjk";
/// A temporary's name: createUniqueFile puts a hex digit for each '%'.
constexpr llvm::StringLiteral kTempModel = "tmp-%%%%%%%%%%%%";

bool validKey(llvm::StringRef key) {
  return !key.empty() && key.size() <= 128 &&
         llvm::all_of(key, [](char c) { return llvm::isHexDigit(c); });
}

llvm::Error fileError(const llvm::Twine &what, const llvm::Twine &path, std::error_code ec) {
  return llvm::createStringError(ec, "%s '%s': %s", what.str().c_str(), path.str().c_str(),
                                 ec.message().c_str());
}
} // namespace

llvm::Expected<DiskCache> DiskCache::open(llvm::StringRef dir) {
  if (std::error_code ec = fs::create_directories(dir))
    return fileError("cannot create the kernel cache directory", dir, ec);
  if (!fs::is_directory(dir))
    return llvm::createStringError(std::errc::not_a_directory,
                                   "the kernel cache path '%s' is not a directory",
                                   dir.str().c_str());
  return DiskCache(dir.str());
}

std::string DiskCache::entryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, key + kSuffix);
  return std::string(path);
}

CacheLookup DiskCache::load(llvm::StringRef key, std::string &payload) const {
  if (!validKey(key))
    return CacheLookup::Miss;
  std::string path = entryPath(key);
  fs::file_status status;
  if (fs::status(path, status) || status.type() == fs::file_type::directory_file)
    return CacheLookup::Miss; // (a directory: store() cannot replace it and says so)
  if (status.type() != fs::file_type::regular_file) {
    fs::remove(path); // a FIFO or socket, which reading would block on: not an entry
    return CacheLookup::Corrupt;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return CacheLookup::Miss;
  llvm::StringRef data = (*buffer)->getBuffer();
  bool ok = data.size() >= kHeaderBytes && std::memcmp(data.data(), kMagic, 8) == 0;
  uint64_t size = 0;
  if (ok) {
    size = llvm::support::endian::read64le(data.data() + 8);
    ok = size == data.size() - kHeaderBytes;
  }
  if (ok) {
    llvm::StringRef body = data.substr(kHeaderBytes);
    auto digest = llvm::BLAKE3::hash<kDigestBytes>(llvm::arrayRefFromStringRef(body));
    ok = std::memcmp(digest.data(), data.data() + 16, kDigestBytes) == 0;
    if (ok)
      payload.assign(body.data(), body.size());
  }
  if (!ok) {
    fs::remove(path); // rewritten by the next store
    return CacheLookup::Corrupt;
  }
  // Least recently used eviction reads modification times: touch the entry,
  // if it is still there (OF_None: OF_Append would create it again, empty,
  // after a clear or another process's eviction).
  int fd;
  if (!fs::openFileForWrite(path, fd, fs::CD_OpenExisting, fs::OF_None)) {
    (void)fs::setLastAccessAndModificationTime(fd, std::chrono::system_clock::now());
    fs::closeFile(fd);
  }
  return CacheLookup::Hit;
}

llvm::Error DiskCache::store(llvm::StringRef key, llvm::StringRef payload,
                             uint64_t maxBytes) const {
  if (!validKey(key))
    return llvm::createStringError(std::errc::invalid_argument,
                                   "kernel cache key '%s' is not a hex digest", key.str().c_str());
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, kTempModel);
  int fd;
  llvm::SmallString<256> tmp;
  if (std::error_code ec = fs::createUniqueFile(model, fd, tmp))
    return fileError("cannot write to the kernel cache directory", dir, ec);
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    char size[8];
    llvm::support::endian::write64le(size, payload.size());
    auto digest = llvm::BLAKE3::hash<kDigestBytes>(llvm::arrayRefFromStringRef(payload));
    out.write(kMagic, 8);
    out.write(size, 8);
    out.write(reinterpret_cast<const char *>(digest.data()), kDigestBytes);
    out << payload;
    out.close();
    if (out.has_error()) {
      std::error_code ec = out.error();
      out.clear_error();
      fs::remove(tmp);
      return fileError("cannot write the kernel cache entry", tmp, ec);
    }
  }
  std::string path = entryPath(key);
  if (std::error_code ec = fs::rename(tmp, path)) {
    fs::remove(tmp);
    return fileError("cannot write the kernel cache entry", path, ec);
  }
  if (maxBytes)
    evict(maxBytes);
  return llvm::Error::success();
}

namespace {
struct EntryFile {
  std::string path;
  uint64_t bytes;
  llvm::sys::TimePoint<> mtime;
};

/// Whether \p name is the name of an entry (`<hex key>.pjk`).
bool isEntryName(llvm::StringRef name) {
  return name.consume_back(kSuffix) && validKey(name);
}

/// Whether \p name is the name of one of store()'s temporaries (kTempModel).
bool isTempName(llvm::StringRef name) {
  llvm::StringRef prefix = llvm::StringRef(kTempModel).take_until([](char c) { return c == '%'; });
  return name.size() == kTempModel.size() && name.consume_front(prefix) &&
         llvm::all_of(name, [](char c) { return llvm::isHexDigit(c); });
}

/// The cache's entry files (and, with `temporaries`, leftover temporaries):
/// files named as the cache names them, so other files in its directory
/// (PYJIT_CACHE_DIR may be shared) are neither counted nor removed.
std::vector<EntryFile> listEntries(llvm::StringRef dir, bool temporaries) {
  std::vector<EntryFile> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (!isEntryName(name) && !(temporaries && isTempName(name)))
      continue;
    fs::file_status st;
    if (fs::status(it->path(), st) || st.type() != fs::file_type::regular_file)
      continue;
    out.push_back({it->path(), st.getSize(), st.getLastModificationTime()});
  }
  return out;
}
} // namespace

void DiskCache::evict(uint64_t maxBytes) const {
  std::vector<EntryFile> entries = listEntries(dir, false);
  uint64_t total = 0;
  for (const EntryFile &e : entries)
    total += e.bytes;
  if (total <= maxBytes)
    return;
  std::sort(entries.begin(), entries.end(),
            [](const EntryFile &a, const EntryFile &b) { return a.mtime < b.mtime; });
  for (const EntryFile &e : entries) {
    if (total <= maxBytes)
      break;
    if (!fs::remove(e.path))
      total -= e.bytes;
  }
}

llvm::Expected<uint64_t> DiskCache::clear() const {
  uint64_t removed = 0;
  for (const EntryFile &e : listEntries(dir, true)) {
    if (std::error_code ec = fs::remove(e.path))
      return fileError("cannot remove the kernel cache entry", e.path, ec);
    removed += isEntryName(llvm::sys::path::filename(e.path));
  }
  return removed;
}

DiskCacheUsage DiskCache::usage() const {
  DiskCacheUsage u;
  for (const EntryFile &e : listEntries(dir, false)) {
    ++u.entries;
    u.bytes += e.bytes;
  }
  return u;
}
