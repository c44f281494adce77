"""The verifier: case streams, answer preservation, certificate round trips, shrinking, sweeps."""

from npw.verify.cases import certified_no_stream, exhaustive, planted_stream, random_stream
from npw.verify.check import CaseResult, check_case
from npw.verify.sweep import Report, Summary, sweep, verify_reduction

__all__ = ["CaseResult", "certified_no_stream", "Report", "Summary", "check_case", "exhaustive", "planted_stream", "random_stream",
           "sweep", "verify_reduction"]
