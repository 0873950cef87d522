"""teaching"""
