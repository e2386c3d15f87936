"""A source distribution from PyPI, pinned by version and SHA-256 (`pip download --require-hashes`),
for the scripts that test against material fetched at run time (nothing of it committed)."""
import contextlib, os, shutil, subprocess, sys, tarfile, tempfile


@contextlib.contextmanager
def downloaded(package, sha256, cache):
    """The path of PACKAGE's sdist (`name==version`), hash-checked, in a temporary folder of
    CACHE that is removed when the block ends."""
    os.makedirs(cache, exist_ok=True)
    download = tempfile.mkdtemp(dir=cache)
    try:
        requirements = os.path.join(download, "requirements.txt")
        with open(requirements, "w") as f:
            f.write(f"{package} --hash=sha256:{sha256}\n")
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                        "--require-hashes", "-r", requirements, "-d", download], check=True)
        yield next(os.path.join(download, name) for name in os.listdir(download) if name.endswith(".tar.gz"))
    finally:
        shutil.rmtree(download, ignore_errors=True)


def unpacked(package, sha256, cache):
    """The sdist's folder under `cache`: downloaded, hash-checked and unpacked once, then reused."""
    marker = os.path.join(cache, "unpacked")
    if os.path.isdir(marker):
        return marker
    with downloaded(package, sha256, cache) as archive:
        unpacking = tempfile.mkdtemp(dir=cache)
        with tarfile.open(archive) as tar:
            root = tar.getnames()[0].split("/")[0]
            members = [m for m in tar.getmembers() if m.isdir() or m.isfile()]
            tar.extractall(unpacking, members=members, filter="data")
        os.rename(os.path.join(unpacking, root), marker)
        shutil.rmtree(unpacking)
    return marker
