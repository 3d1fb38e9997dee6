"""Text building blocks shared by skills: amounts, percentages and periods (amounts), clause retrieval (retrieval)."""
