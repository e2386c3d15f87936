#!/usr/bin/env python3
"""Check an export with rulecheck on Spark: the same report as one `rulecheck check`.

    spark-submit --master 'local[2]' --files form.yaml examples/spark/rulecheck_spark.py \\
        --rules form.yaml --input export.csv --parts 8 --report json=report.json -- --today 2026-11-22

1. On the driver, `rulecheck split --manifest-only` frames the file once and plans slices cut at
   record boundaries (never inside a quoted cell): their byte ranges, first record and first line,
   and for CSV the header (Docs/scale-out.md).
2. One Spark task per slice (`mapPartitionsWithIndex`) reads the slice's bytes from the file and
   pipes them into `rulecheck check --format slice` on its executor, with the rules (and the CSV
   header) shipped to every executor as files (`--files`, `SparkContext.addFile`). Exit status 1
   ("errors found") is a result; 2 (bad rules or arguments) and 3 (unreadable input) fail the task,
   and so the job.
3. The slice reports are saved in partition order, and `rulecheck merge` writes the report of the
   whole file in each format asked for, byte for byte what `rulecheck check` writes.

The file must be readable at the same path by the driver and every executor (local mode, a
shared or mounted file system).

Exit status: that of `rulecheck check` over the whole file — 0 no errors, 1 errors found; 2 the
rules or the arguments are wrong (a missing rules file or rulecheck binary, a check option
rulecheck refuses); 3 an input cannot be read (a missing --input), a report cannot be written, or
Spark failed. A failed Spark task gives its rulecheck status. 1 never means anything but "errors
found": every other failure is one line on standard error (or in --log), without a traceback.

Reports and logs stay apart: reports go where --report says, messages (--timings, failures,
rulecheck's own) to standard error or --log FILE. Under spark-submit the driver's standard error is
merged into its standard output, so a report on standard output that programs read (json, jsonl,
junit, sarif, summary-json) needs --log FILE, and is refused without it (status 2).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from pyspark import SparkFiles
from pyspark.sql import SparkSession


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", required=True, help="the rules file (shipped to the executors)")
    parser.add_argument("--input", required=True, help="the file to check, readable by every executor")
    parser.add_argument("--parts", type=int, default=None, help="slices (default: Spark's default parallelism)")
    parser.add_argument("--format", dest="input_format", default=None, help="csv, tsv, json or jsonl (default: by extension)")
    parser.add_argument("--delimiter", default=None, help="the CSV delimiter")
    parser.add_argument("--name", default=None, help="the name the report gives the file (default: --input as given)")
    parser.add_argument("--report", action="append", default=[], metavar="FORMAT=PATH",
                        help="write the merged report in FORMAT (text, json, jsonl, junit, sarif, summary, summary-json) to PATH ('-': stdout); repeatable")
    parser.add_argument("--max-violations", default=None, help="cut the merged report at this many violations")
    parser.add_argument("--rulecheck", default=shutil.which("rulecheck") or "rulecheck",
                        help="the rulecheck binary on the driver (default: from PATH)")
    parser.add_argument("--ship-binary", action="store_true",
                        help="ship the driver's rulecheck binary to the executors too (else they run 'rulecheck' from PATH)")
    parser.add_argument("--master", default=None, help="the Spark master when not given to spark-submit (e.g. local[2])")
    parser.add_argument("--work", default=None, help="a directory for the manifest and slice reports (default: a temporary one)")
    parser.add_argument("--timings", action="store_true", help="print the time of each step on standard error (or in --log)")
    parser.add_argument("--log", default=None, metavar="FILE",
                        help="write messages (--timings, failures, rulecheck's and Spark's own on the driver) to FILE, not standard error")
    parser.add_argument("check_options", nargs=argparse.REMAINDER,
                        help="after --: more options for every slice's check (--today, --strict, --locale, …)")
    options = parser.parse_args(argv)
    if options.check_options[:1] == ["--"]:
        options.check_options = options.check_options[1:]
    options.report = [report.split("=", 1) if "=" in report else [report, "-"] for report in options.report] or [["text", "-"]]
    to_stdout = [report_format for report_format, destination in options.report if destination == "-"]
    if len(to_stdout) > 1:
        parser.error("only one report can go to standard output ('-'): write the others to files")
    if under_spark_submit() and not options.log and set(to_stdout) & MACHINE_FORMATS:
        parser.error(f"under spark-submit the driver's standard error goes into its standard output: the {to_stdout[0]} report "
                     "on standard output needs --log FILE for the messages, or write it to a file (--report FORMAT=PATH)")
    return options


# Reports that programs read: a message among their lines would break them.
MACHINE_FORMATS = {"json", "jsonl", "junit", "sarif", "summary-json"}


def under_spark_submit():
    """Whether spark-submit runs this driver: it then hands PySpark its gateway, and its runner
    merges the driver's standard error into its standard output."""
    return "PYSPARK_GATEWAY_PORT" in os.environ


class Failure(Exception):
    """A failure with rulecheck's exit status: 2 wrong rules or arguments, 3 an input that cannot
    be read, a report that cannot be written, or Spark failing."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def check_prerequisites(options):
    """What the driver can tell before Spark starts: the binary and the rules are there."""
    if shutil.which(options.rulecheck) is None:
        raise Failure(2, f"no rulecheck binary at '{options.rulecheck}': give --rulecheck PATH")
    if not os.path.isfile(options.rules):
        raise Failure(2, f"cannot read the rules file '{options.rules}'")


def split(options, work):
    """Plans the slices on the driver: the manifest (and for CSV the header file). rulecheck
    split says itself what is wrong (a missing input: status 3)."""
    command = [options.rulecheck, "split", options.input, "--output", os.path.join(work, "slices"), "--manifest-only",
               "--parts", str(options.parts), "--name", options.name or options.input]
    if options.input_format:
        command += ["--input", options.input_format]
    if options.delimiter:
        command += ["--delimiter", options.delimiter]
    status = subprocess.run(command, stdout=subprocess.DEVNULL).returncode
    if status != 0:
        raise Failure(status if status in (2, 3) else 3, f"rulecheck split exited with status {status}")
    with open(os.path.join(work, "slices", "manifest.json"), encoding="utf-8") as manifest:
        return json.load(manifest)


def check_slices(context, options, manifest, work):
    """Runs `rulecheck check --format slice` on each slice in a Spark task; saves the reports."""
    path = os.path.abspath(options.input)
    slices = manifest["slices"]
    rules = os.path.basename(options.rules)
    check_options = list(options.check_options)
    binary = os.path.basename(options.rulecheck) if options.ship_binary else options.rulecheck
    if not options.ship_binary and os.path.sep in binary:
        binary = os.path.abspath(binary)

    def run_slice(index, _elements):
        entry = slices[index]
        # The shipped files (rules, header) are in SparkFiles' root: run there, so that the
        # manifest's relative '--header-from header.csv' and the rules' name find them.
        root = SparkFiles.getRootDirectory()
        executable = SparkFiles.get(binary) if options.ship_binary else binary
        if options.ship_binary and not os.access(executable, os.X_OK):
            os.chmod(executable, 0o755)
        command = [executable, "check", "--rules", rules, "--format", "slice", "--progress", "never",
                   *check_options, *entry["arguments"], "-"]
        process = subprocess.Popen(command, cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        errors = []

        def feed():
            # The slice's bytes straight from the file: no copy of the data is written.
            try:
                with open(path, "rb") as data:
                    data.seek(entry["offset"])
                    remaining = entry["length"]
                    while remaining > 0:
                        chunk = data.read(min(1 << 20, remaining))
                        if not chunk:
                            break
                        process.stdin.write(chunk)
                        remaining -= len(chunk)
            except BrokenPipeError:
                pass
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        feeder = threading.Thread(target=feed)
        reader = threading.Thread(target=lambda: errors.append(process.stderr.read()))
        feeder.start()
        reader.start()
        for line in process.stdout:
            yield line.rstrip(b"\n").decode("utf-8")
        status = process.wait()
        feeder.join()
        reader.join()
        # 1 is "errors found": a result, not a failure.
        if status not in (0, 1):
            message = b"".join(errors).decode("utf-8", "replace").strip()
            raise RuntimeError(f"rulecheck check exited with status {status} on slice {index}: {message}")

    reports = os.path.join(work, "reports")
    (context.parallelize(range(len(slices)), len(slices))
        .mapPartitionsWithIndex(run_slice)
        .saveAsTextFile("file://" + os.path.abspath(reports)))
    return sorted(os.path.join(reports, name) for name in os.listdir(reports) if name.startswith("part-"))


def merge(options, reports, work):
    """Writes the merged report in each format asked for; returns merge's exit status."""
    worst = 0
    # With the manifest, merge also makes sure that no slice is missing, the last one included.
    manifest = os.path.join(work, "slices", "manifest.json")
    for report_format, destination in options.report:
        command = [options.rulecheck, "merge", "--format", report_format, "--manifest", manifest, *reports]
        if options.max_violations:
            command += ["--max-violations", options.max_violations]
        if destination == "-":
            sys.stdout.flush()
            status = subprocess.run(command).returncode
        else:
            try:
                with open(destination, "wb") as output:
                    status = subprocess.run(command, stdout=output).returncode
            except OSError as error:
                raise Failure(3, f"cannot write the {report_format} report to '{destination}': {error.strerror}")
        if status > 1:
            raise Failure(status, f"rulecheck merge exited with status {status} writing the {report_format} report")
        worst = max(worst, status)
    return worst


def main(argv):
    options = parse_arguments(argv)
    if options.log:
        # Everything written to standard error from here on — ours, rulecheck's, and Spark's when
        # this script started it — goes to the log.
        try:
            log = os.open(options.log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        except OSError as error:
            print(f"rulecheck_spark: cannot write the log '{options.log}': {error.strerror}", file=sys.stderr)
            return 3
        sys.stderr.flush()
        os.dup2(log, 2)
        os.close(log)
    try:
        return run(options)
    except Failure as failure:
        print(f"rulecheck_spark: {failure}", file=sys.stderr)
        return failure.status
    except Exception as error:  # Spark that does not start or fails: not "errors found"
        print(f"rulecheck_spark: {type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}",
              file=sys.stderr)
        return 3


def run(options):
    check_prerequisites(options)
    work = options.work or tempfile.mkdtemp(prefix="rulecheck-spark-")
    builder = SparkSession.builder.appName("rulecheck").config("spark.ui.enabled", "false")
    if options.master:
        builder = builder.master(options.master)
    spark = builder.getOrCreate()
    context = spark.sparkContext
    context.setLogLevel("WARN")
    started = time.monotonic()
    try:
        options.parts = options.parts or context.defaultParallelism
        manifest = split(options, work)
        planned = time.monotonic()
        # What `spark-submit --files` ships; files it shipped already are not added again.
        shipped = {os.path.basename(name) for name in context.getConf().get("spark.files", "").split(",") if name}
        extra = [options.rules] + ([os.path.join(work, "slices", manifest["header"]["path"])] if manifest["header"] else [])
        if options.ship_binary:
            extra.append(options.rulecheck)
        for name in extra:
            if os.path.basename(name) not in shipped:
                context.addFile(os.path.abspath(name))
        try:
            reports = check_slices(context, options, manifest, work)
        except Exception as error:  # a failed task: give its rulecheck status
            found = re.search(r"rulecheck check exited with status (\d+)[^\n]*", str(error))
            if found:
                raise Failure(int(found.group(1)), found.group(0)) from None
            raise
        checked = time.monotonic()
        status = merge(options, reports, work)
        if options.timings:
            size = os.path.getsize(options.input)
            print(f"split {planned - started:.2f} s, check {checked - planned:.2f} s ({len(manifest['slices'])} slices), "
                  f"merge {time.monotonic() - checked:.2f} s; {manifest['records']} records, {size} bytes",
                  file=sys.stderr, flush=True)
        return status
    finally:
        spark.stop()
        if not options.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
