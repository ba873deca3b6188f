"""The crossword family: reader -> facts -> encoding -> decoder -> verifier -> renderer."""
