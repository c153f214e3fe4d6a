"""The build backend of the pinyinsearch package (PEP 517), standard library only.

It builds the C interface of the Swift package two folders up, `swift build -c release --product
PinyinSearchC`, and packs the Python sources and the shared library into a wheel. Environment:

- PINYINSEARCH_LIBRARY: the path of a libPinyinSearchC built already; copied, nothing is built.
- PINYINSEARCH_SWIFT_BUILD_ARGS: more arguments for `swift build` (split as a shell would), for
  example `--scratch-path /tmp/release-build` to reuse a build directory.
"""
import base64
import hashlib
import io
import os
import shlex
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

NAME = "pinyinsearch"
VERSION = "0.3.0"
HERE = Path(__file__).resolve().parent.parent  # Bindings/python
ROOT = HERE.parent.parent  # the Swift package
LIBRARY = {"darwin": "libPinyinSearchC.dylib", "win32": "PinyinSearchC.dll"}.get(sys.platform, "libPinyinSearchC.so")

METADATA = f"""Metadata-Version: 2.1
Name: {NAME}
Version: {VERSION}
Summary: Chinese search-as-you-type through PinyinSearch's C interface
Requires-Python: >=3.9
"""


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def _library():
    """The path of the built shared library: PINYINSEARCH_LIBRARY, or a release build made now."""
    given = os.environ.get("PINYINSEARCH_LIBRARY")
    if given:
        if not Path(given).is_file():
            raise RuntimeError(f"PINYINSEARCH_LIBRARY={given}: no such file")
        return Path(given)
    if not (ROOT / "Package.swift").is_file():
        raise RuntimeError(f"{ROOT}: not the PinyinSearch package (install from a clone: pip install ./Bindings/python)")
    arguments = ["swift", "build", "--package-path", str(ROOT), "-c", "release"]
    arguments += shlex.split(os.environ.get("PINYINSEARCH_SWIFT_BUILD_ARGS", ""))
    print("pinyinsearch: " + " ".join(arguments + ["--product", "PinyinSearchC"]), file=sys.stderr)
    subprocess.run(arguments + ["--product", "PinyinSearchC"], check=True, stdout=sys.stderr)
    binaries = subprocess.run(arguments + ["--show-bin-path"], check=True, capture_output=True, text=True)
    return Path(binaries.stdout.strip()) / LIBRARY


def _files():
    """(path in the wheel, bytes) for the package's sources."""
    package = HERE / "src" / NAME
    for path in sorted(package.iterdir()):
        if path.suffix in (".py", ".typed"):
            yield f"{NAME}/{path.name}", path.read_bytes()


def _tag():
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"py3-none-{platform}"


def _write_dist_info(wheel, records, directory):
    wheel_text = f"Wheel-Version: 1.0\nGenerator: pinyinsearch_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n"
    for name, text in (("METADATA", METADATA), ("WHEEL", wheel_text)):
        _add(wheel, records, f"{directory}/{name}", text.encode())
    records.append(f"{directory}/RECORD,,")
    wheel.writestr(f"{directory}/RECORD", "\n".join(records) + "\n")


def _add(wheel, records, name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    records.append(f"{name},sha256={digest},{len(data)}")
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    wheel.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    library = _library()
    name = f"{NAME}-{VERSION}-{_tag()}.whl"
    records = []
    with zipfile.ZipFile(Path(wheel_directory) / name, "w") as wheel:
        for path, data in _files():
            _add(wheel, records, path, data)
        _add(wheel, records, f"{NAME}/{LIBRARY}", library.read_bytes())
        _write_dist_info(wheel, records, f"{NAME}-{VERSION}.dist-info")
    return name


def build_sdist(sdist_directory, config_settings=None):
    name = f"{NAME}-{VERSION}"
    with tarfile.open(Path(sdist_directory) / f"{name}.tar.gz", "w:gz") as archive:
        for path in ("pyproject.toml", "build_backend", "src", "tests"):
            archive.add(HERE / path, arcname=f"{name}/{path}")
        data = METADATA.encode()
        info = tarfile.TarInfo(f"{name}/PKG-INFO")
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    return f"{name}.tar.gz"
