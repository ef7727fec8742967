"""Summary files for MindInsight: SummaryRecord writes scalars, tensors, images and
histograms as MindSpore's event records."""
from .summary_record import SummaryRecord

__all__ = ["SummaryRecord"]
