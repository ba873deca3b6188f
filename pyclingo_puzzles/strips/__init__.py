"""The strips family: reader -> facts -> encoding -> decoder -> verifier -> renderer."""
