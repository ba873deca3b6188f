"""The wordsearch family: reader -> facts -> encoding -> decoder -> verifier -> renderer."""
