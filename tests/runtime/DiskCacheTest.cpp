//===- DiskCacheTest.cpp - The kernel cache's disk tier --------------------===//
#include "pyjit/runtime/DiskCache.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <chrono>
#include <unistd.h>

using namespace pyjit::runtime;
namespace fs = llvm::sys::fs;

namespace {

class DiskCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("pyjit-cache-test", root));
    llvm::sys::path::append(dir, root, "kernels");
  }
  void TearDown() override {
    fs::setPermissions(dir, fs::all_all);
    fs::remove_directories(root);
  }
  DiskCache open() {
    auto cache = DiskCache::open(dir);
    EXPECT_TRUE(static_cast<bool>(cache));
    return std::move(*cache);
  }
  std::string entry(llvm::StringRef key) {
    llvm::SmallString<256> p;
    llvm::sys::path::append(p, dir, key + ".pjk");
    return std::string(p);
  }
  llvm::SmallString<256> root, dir;
};

TEST_F(DiskCacheTest, StoresAndLoadsAPayload) {
  DiskCache cache = open();
  std::string payload("cubin\0bytes", 11);
  ASSERT_FALSE(llvm::errorToBool(cache.store("00ff", payload, 0)));
  std::string out;
  EXPECT_EQ(cache.load("00ff", out), CacheLookup::Hit);
  EXPECT_EQ(out, payload);
  EXPECT_EQ(cache.load("00fe", out), CacheLookup::Miss);
  DiskCacheUsage u = cache.usage();
  EXPECT_EQ(u.entries, 1u);
  EXPECT_EQ(u.bytes, 48u + 11u); // header + payload
}

TEST_F(DiskCacheTest, CorruptEntryIsDetectedAndRemoved) {
  DiskCache cache = open();
  ASSERT_FALSE(llvm::errorToBool(cache.store("abcd", "a payload of some length", 0)));
  { // flip the last payload byte
    auto buf = llvm::MemoryBuffer::getFile(entry("abcd"));
    ASSERT_TRUE(static_cast<bool>(buf));
    std::string bytes = (*buf)->getBuffer().str();
    bytes.back() ^= 1;
    std::error_code ec;
    llvm::raw_fd_ostream os(entry("abcd"), ec);
    os << bytes;
  }
  std::string out;
  EXPECT_EQ(cache.load("abcd", out), CacheLookup::Corrupt);
  EXPECT_FALSE(fs::exists(entry("abcd")));
  EXPECT_EQ(cache.load("abcd", out), CacheLookup::Miss);
}

TEST_F(DiskCacheTest, TruncatedEntryIsCorrupt) {
  DiskCache cache = open();
  ASSERT_FALSE(llvm::errorToBool(cache.store("abce", std::string(1000, 'x'), 0)));
  ASSERT_EQ(::truncate(entry("abce").c_str(), 500), 0);
  std::string out;
  EXPECT_EQ(cache.load("abce", out), CacheLookup::Corrupt);
}

TEST_F(DiskCacheTest, EvictsLeastRecentlyUsedBeyondTheLimit) {
  DiskCache cache = open();
  std::string kb(1000, 'k');
  ASSERT_FALSE(llvm::errorToBool(cache.store("01", kb, 0)));
  ASSERT_FALSE(llvm::errorToBool(cache.store("02", kb, 0)));
  // Make 01 the oldest, then read it: 02 becomes the least recently used.
  auto past = std::chrono::system_clock::now() - std::chrono::hours(1);
  for (const char *key : {"01", "02"}) {
    int fd;
    ASSERT_FALSE(fs::openFileForWrite(entry(key), fd, fs::CD_OpenExisting, fs::OF_Append));
    fs::setLastAccessAndModificationTime(fd, past);
    fs::closeFile(fd);
    past += std::chrono::minutes(1);
  }
  std::string out;
  ASSERT_EQ(cache.load("01", out), CacheLookup::Hit);
  // Room for two entries of 1048 bytes: storing a third evicts 02.
  ASSERT_FALSE(llvm::errorToBool(cache.store("03", kb, 2 * 1048)));
  EXPECT_EQ(cache.load("02", out), CacheLookup::Miss);
  EXPECT_EQ(cache.load("01", out), CacheLookup::Hit);
  EXPECT_EQ(cache.load("03", out), CacheLookup::Hit);
}

TEST_F(DiskCacheTest, ClearRemovesEverything) {
  DiskCache cache = open();
  ASSERT_FALSE(llvm::errorToBool(cache.store("0a", "x", 0)));
  ASSERT_FALSE(llvm::errorToBool(cache.store("0b", "y", 0)));
  auto removed = cache.clear();
  ASSERT_TRUE(static_cast<bool>(removed));
  EXPECT_EQ(*removed, 2u);
  EXPECT_EQ(cache.usage().entries, 0u);
}

TEST_F(DiskCacheTest, ClearAndUsageLeaveOtherFilesAlone) {
  // PYJIT_CACHE_DIR may be a directory other programs use: only files named
  // as the cache names them (<hex>.pjk, tmp-<12 hex digits>) are its own.
  DiskCache cache = open();
  ASSERT_FALSE(llvm::errorToBool(cache.store("0a", "x", 0)));
  std::vector<std::string> others = {"report.pjk", "tmp-notes.txt", "tmp-0123456789ab.bak",
                                     "notes.pjk.txt"};
  std::string leftover;
  {
    llvm::SmallString<256> p;
    llvm::sys::path::append(p, dir, "tmp-0123456789ab"); // a store's, left by a crash
    leftover = std::string(p);
  }
  for (const std::string &name : others) {
    llvm::SmallString<256> p;
    llvm::sys::path::append(p, dir, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    ASSERT_FALSE(ec);
    os << "someone else's";
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(leftover, ec);
    ASSERT_FALSE(ec);
  }
  EXPECT_EQ(cache.usage().entries, 1u);
  auto removed = cache.clear();
  ASSERT_TRUE(static_cast<bool>(removed));
  EXPECT_EQ(*removed, 1u);
  EXPECT_FALSE(fs::exists(entry("0a")));
  EXPECT_FALSE(fs::exists(leftover));
  for (const std::string &name : others) {
    llvm::SmallString<256> p;
    llvm::sys::path::append(p, dir, name);
    EXPECT_TRUE(fs::exists(p)) << name;
  }
}

TEST_F(DiskCacheTest, RefusesKeysThatAreNotHexDigests) {
  DiskCache cache = open();
  llvm::Error err = cache.store("../escape", "x", 0);
  ASSERT_TRUE(static_cast<bool>(err));
  EXPECT_NE(llvm::toString(std::move(err)).find("not a hex digest"), std::string::npos);
  std::string out;
  EXPECT_EQ(cache.load("../escape", out), CacheLookup::Miss);
}

TEST_F(DiskCacheTest, ReadOnlyDirectoryFailsToStoreWithThePath) {
  if (::geteuid() == 0)
    GTEST_SKIP() << "running as root: permissions do not stop writes";
  DiskCache cache = open();
  ASSERT_FALSE(fs::setPermissions(dir, fs::owner_read | fs::owner_exe));
  llvm::Error err = cache.store("0c", "x", 0);
  ASSERT_TRUE(static_cast<bool>(err));
  EXPECT_NE(llvm::toString(std::move(err)).find(dir.str().str()), std::string::npos);
}

TEST_F(DiskCacheTest, OpenFailsOnAFile) {
  ASSERT_FALSE(fs::create_directories(root));
  llvm::SmallString<256> file;
  llvm::sys::path::append(file, root, "plain");
  { std::error_code ec; llvm::raw_fd_ostream os(file, ec); }
  auto cache = DiskCache::open(file);
  ASSERT_FALSE(static_cast<bool>(cache));
  EXPECT_NE(llvm::toString(cache.takeError()).find("plain"), std::string::npos);
}

} // namespace
