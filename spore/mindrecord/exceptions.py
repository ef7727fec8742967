"""MindRecord's exception classes, named as `mindspore.mindrecord` names them.

Each also derives from the built-in type a user would catch (ValueError for a bad
argument value, TypeError for a wrong type, RuntimeError for a file that cannot be
read or written).
"""
from __future__ import annotations


class MindRecordException(Exception):  # noqa: N818 - MindSpore's name
    """Base of the MindRecord errors."""


class ParamValueError(MindRecordException, ValueError):
    """An argument has a value out of its range."""


class ParamTypeError(MindRecordException, TypeError):
    """An argument has the wrong type."""


class MRMInvalidSchemaError(MindRecordException, ValueError):
    """A schema given to add_schema is malformed."""


class MRMDefineIndexError(MindRecordException, ValueError):
    """add_index named a field that cannot be indexed."""


class MRMDefineCategoryError(MindRecordException, ValueError):
    """MindPage's category field is not one of the index fields."""


class MRMInvalidHeaderSizeError(MindRecordException, ValueError):
    """set_header_size got a size out of range."""


class MRMInvalidPageSizeError(MindRecordException, ValueError):
    """set_page_size got a size out of range."""


class MRMOpenError(MindRecordException, RuntimeError):
    """A MindRecord file is missing, unreadable or malformed."""


class MRMOpenForAppendError(MindRecordException, RuntimeError):
    """open_for_append was given a file that cannot be appended to."""
