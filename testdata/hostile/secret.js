console.log('SECRET');
