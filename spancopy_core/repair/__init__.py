"""Repairs of real files: the pipeline every caller shares (the server, ``spancopy repair``, the
benchmarks and the tests), with no LSP in it.

- :mod:`.frontend`: what a language front-end provides (:class:`~.frontend.Unit`,
  :class:`~.frontend.Frontend`); :mod:`.java`: the Java one; :mod:`.languages`: which serves a file.
- :mod:`.candidates`: from decoded hypotheses to ranked, titled, format-preserving repairs.
- :mod:`.pipeline`: the stages, each once; :mod:`.runner`: the one runner of them every caller
  uses (:func:`~.runner.repair` runs them all).
- :mod:`.templates`: single-token mutations at the focus, ranked with the beam's candidates by the
  model (and, in a fixed order, the mutation baseline of ``bench/real_bugs.py``).
"""
