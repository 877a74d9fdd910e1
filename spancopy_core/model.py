"""The span-copying sequence-to-sequence model (paper section 2).

Encoder: tied token embeddings and a bidirectional GRU over ``BOS x_1 .. x_n EOS``.
Decoder: a GRU over the emitted tokens with Luong "general" attention and no input feeding,
so teacher forcing runs the GRU over the whole target in one call, and a ray of the beam
search only needs the tokens it emitted (never how they were emitted).

Action head at output position ``k`` with decoder output ``h_k`` and encoder states ``r``:
``Gen(v)`` scores ``(W_g h_k) . E_v + b_v`` with the embedding matrix ``E`` tied; a span
``Copy(i, j)`` scores ``s[k, i:j] = (W (r_i || r_{j-1})) . h_k``, computed through the split
``W = [W_s | W_e]`` as ``a[k, i] + e[k, j-1]`` with ``a[k, i] = (W_s r_i + b) . h_k`` and
``e[k, t] = (W_e r_t) . h_k``. The log-normaliser over all spans ``i <= t`` is

    log sum_{i<=t} exp(a[k,i] + e[k,t]) = logsumexp_t(e[k,t] + logcumsumexp_i(a[k,:])[t])

which is O(S) per position: no (B, T, S, S) tensor is built. ``copy_mode="token"`` restricts
the same head to spans of length one (the paper's CopyTok baseline).
"""

from __future__ import annotations

from typing import NamedTuple

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from .batch import Batch
from .config import ModelConfig
from .logspace import NEG
from .objective import sequence_log_likelihood
from .vocab import BOS_ID, PAD_ID, Vocabulary


class Memory(NamedTuple):
    """Encoder results for ``B`` inputs of at most ``S`` tokens, reused at every step."""

    states: torch.Tensor  # (B, S + 2, H) encoder states of BOS x_1 .. x_n EOS
    keys: torch.Tensor  # (B, S + 2, H) attention keys W_a r
    mask: torch.Tensor  # (B, S + 2) bool, true on real positions (BOS and EOS included)
    starts: torch.Tensor  # (B, S, H) W_s r_i + b for the copyable tokens x_1 .. x_n
    ends: torch.Tensor  # (B, S, H) W_e r_t
    span_mask: torch.Tensor  # (B, S) bool, true on copyable positions
    init_state: torch.Tensor  # (layers, B, H) initial decoder state


class Scores(NamedTuple):
    """Unnormalised action scores at ``T`` output positions and their log-normaliser."""

    gen: torch.Tensor  # (B, T, V) generation logits, NEG for PAD and BOS
    start: torch.Tensor  # (B, T, S) a[k, i], NEG where i is not copyable
    end: torch.Tensor  # (B, T, S) e[k, t], NEG where t is not copyable
    log_z: torch.Tensor  # (B, T) log of the sum over every Gen and every allowed Copy


def span_log_normaliser(start: torch.Tensor, end: torch.Tensor, span: bool) -> torch.Tensor:
    """log sum over allowed spans of exp(a[i] + e[j-1]): (..., S), (..., S) -> (...)."""
    if span:
        return torch.logsumexp(end + torch.logcumsumexp(start, dim=-1), dim=-1)
    return torch.logsumexp(start + end, dim=-1)  # length-1 spans only


class Encoder(nn.Module):
    """Bidirectional GRU over the embedded input; returns states (B, S+2, H) and a summary."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.rnn = nn.GRU(
            config.embedding_dim,
            config.hidden_size // 2,
            num_layers=config.encoder_layers,
            bidirectional=True,
            batch_first=True,
            dropout=config.dropout if config.encoder_layers > 1 else 0.0,
        )

    def forward(
        self, emb: torch.Tensor, lengths: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        packed = pack_padded_sequence(emb, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.rnn(packed)  # h_n: (layers * 2, B, H / 2)
        states, _ = pad_packed_sequence(out, batch_first=True, total_length=emb.size(1))
        summary = torch.cat([h_n[-2], h_n[-1]], dim=-1)  # (B, H) last layer, both directions
        return states, summary


class Decoder(nn.Module):
    """GRU over emitted tokens plus Luong general attention (no input feeding)."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        H = config.hidden_size
        self.layers = config.decoder_layers
        self.rnn = nn.GRU(
            config.embedding_dim,
            H,
            num_layers=config.decoder_layers,
            batch_first=True,
            dropout=config.dropout if config.decoder_layers > 1 else 0.0,
        )
        self.bridge = nn.Linear(H, H * config.decoder_layers)
        self.attn = nn.Linear(H, H, bias=False)  # W_a of score(h, r) = h . W_a r
        self.combine = nn.Linear(2 * H, H)

    def init_state(self, summary: torch.Tensor) -> torch.Tensor:
        B, H = summary.shape
        return torch.tanh(self.bridge(summary)).view(B, self.layers, H).transpose(0, 1).contiguous()

    def attend(self, h: torch.Tensor, memory: Memory) -> torch.Tensor:
        """(B, T, H) GRU outputs -> (B, T, H) attentional outputs tanh(W_c [h; c])."""
        logits = torch.bmm(h, memory.keys.transpose(1, 2))  # (B, T, S + 2)
        logits = logits.masked_fill(~memory.mask[:, None, :], NEG)
        context = torch.bmm(torch.softmax(logits, dim=-1), memory.states)  # (B, T, H)
        return torch.tanh(self.combine(torch.cat([h, context], dim=-1)))


class SpanCopyModel(nn.Module):
    """Seq2Seq with span copying. ``forward(batch)`` returns the training loss per token."""

    def __init__(self, config: ModelConfig, vocab: Vocabulary) -> None:
        super().__init__()
        self.config = config
        self.vocab = vocab
        V, D, H = len(vocab), config.embedding_dim, config.hidden_size
        self.embedding = nn.Embedding(V, D, padding_idx=PAD_ID)
        self.encoder = Encoder(config)
        self.decoder = Decoder(config)
        self.dropout = nn.Dropout(config.dropout)
        self.gen_proj = nn.Linear(H, D)  # logits = (W_g h) . E^T + b, E tied with the input
        self.gen_bias = nn.Parameter(torch.zeros(V))
        self.span_start = nn.Linear(H, H)  # W_s r + b
        self.span_end = nn.Linear(H, H, bias=False)  # W_e r
        banned = torch.zeros(V, dtype=torch.bool)
        banned[[PAD_ID, BOS_ID]] = True
        self.register_buffer("gen_banned", banned, persistent=False)

    @property
    def device(self) -> torch.device:
        return self.embedding.weight.device

    # -- encoder -------------------------------------------------------------------------
    def encode(self, src: torch.Tensor, src_len: torch.Tensor) -> Memory:
        """(B, S + 2) ids with BOS/EOS and their lengths -> :class:`Memory`."""
        emb = self.dropout(self.embedding(src))  # (B, S + 2, D)
        states, summary = self.encoder(emb, src_len)  # (B, S + 2, H), (B, H)
        positions = torch.arange(src.size(1), device=src.device)
        mask = positions[None, :] < src_len[:, None]  # (B, S + 2)
        real = states[:, 1:-1]  # (B, S, H) states of x_1 .. x_n
        span_mask = positions[None, : src.size(1) - 2] < (src_len[:, None] - 2)  # (B, S)
        return Memory(
            states=states,
            keys=self.decoder.attn(states),
            mask=mask,
            starts=self.span_start(real),
            ends=self.span_end(real),
            span_mask=span_mask,
            init_state=self.decoder.init_state(summary),
        )

    # -- decoder -------------------------------------------------------------------------
    def run_decoder(
        self, tokens: torch.Tensor, state: torch.Tensor, lengths: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Feed (N, P) token ids from ``state`` (layers, N, H); with ``lengths`` the sequences
        are packed and the returned state is each one's state after its last real token.
        Returns GRU outputs (N, P, H) and the new state (layers, N, H)."""
        emb = self.dropout(self.embedding(tokens))  # (N, P, D)
        if lengths is None:
            return self.decoder.rnn(emb, state)
        packed = pack_padded_sequence(emb, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.decoder.rnn(packed, state)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=tokens.size(1))
        return out, h_n

    def score(self, h: torch.Tensor, memory: Memory) -> Scores:
        """(B, T, H) decoder GRU outputs -> action :class:`Scores` in float32."""
        o = self.dropout(self.decoder.attend(h, memory))  # (B, T, H)
        gen = self.gen_proj(o) @ self.embedding.weight.t() + self.gen_bias  # (B, T, V)
        gen = gen.float().masked_fill(self.gen_banned, NEG)
        span_off = ~memory.span_mask[:, None, :]  # (B, 1, S)
        start = torch.bmm(o, memory.starts.transpose(1, 2)).float().masked_fill(span_off, NEG)
        end = torch.bmm(o, memory.ends.transpose(1, 2)).float().masked_fill(span_off, NEG)
        span_z = span_log_normaliser(start, end, self.config.copy_mode == "span")  # (B, T)
        log_z = torch.logaddexp(torch.logsumexp(gen, dim=-1), span_z)
        return Scores(gen=gen, start=start, end=end, log_z=log_z)

    def scores(self, batch: Batch) -> Scores:
        """Teacher-forced scores at every target position of ``batch``."""
        memory = self.encode(batch.src, batch.src_len)
        h, _ = self.run_decoder(batch.tgt_in, memory.init_state)  # (B, T, H)
        return self.score(h, memory)

    def forward(self, batch: Batch) -> torch.Tensor:
        """Training loss: negative log-likelihood per target token (EOS included) under the
        configured objective."""
        log_lik = sequence_log_likelihood(self.scores(batch), batch, self.config.objective)
        return -log_lik.sum() / batch.num_tokens
